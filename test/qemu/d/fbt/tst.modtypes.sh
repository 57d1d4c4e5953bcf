# The module side of the shared type cache: a clause that names a type
# of a module (struct virtio_ring`vring_virtqueue, defined in
# virtio_ring.c alone) compiles with that module's split BTF and reads a
# member in the kernel.  virtqueue_kick's argument is the virtqueue of
# the guest's one virtio device, the 9p transport, whose queue
# 9pnet_virtio names "requests"; the child's opens go through it (a
# bounded but unknown number of times: at least once).
$DTRACE -q -c "$BUILD_DIR/testprog/opener /etc/hostname 3" -n '
fbt:virtio_ring:virtqueue_kick:entry /pid == $target/ {
	this->vq = (struct virtio_ring`vring_virtqueue *)arg0;
	name = stringof(this->vq->vq.name); n++; }
END { printf("%s %s\n", name, n > 0 ? "kicked" : "never"); }'
# a type no module defines
$DTRACE -n 'fbt:virtio_ring:virtqueue_kick:entry { trace(((struct virtio_ring`nosuch *)arg0)->x); }' 2>&1 | head -1
# a module whose name starts with a digit: 9pnet, the 9p client, whose
# p9_fid is larger than 8 bytes
$DTRACE -qn 'BEGIN { printf("%d\n", sizeof (struct 9pnet`p9_fid) > 8); exit(0); }'
