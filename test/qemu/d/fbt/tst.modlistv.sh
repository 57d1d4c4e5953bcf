# dtrace -lv of a module's function: the module field is the module's
# name, and an argument of a type the module defines is scoped to it
# (struct 9pnet`p9_fid *), the type a clause then compiles with
$DTRACE -lv -n 'fbt:9pnet:p9_client_open:' | grep -E 'args\[|fbt +9pnet' | sed -E 's/^ *[0-9]+ +//'
# only the modules a description's module field names: fbt:9pnet*::
$DTRACE -l -n 'fbt:9pnet*::entry' | awk 'NR > 1 { print $3 }' | sort -u
# and no module with fbt:vmlinux::
$DTRACE -l -n 'fbt:vmlinux::entry' | awk 'NR > 1 { print $3 }' | sort -u
