# Not root: a clear message, exit 1, nothing left behind.
cp "$DTRACE" /tmp/dt-nonroot.$$ && chmod 755 /tmp/dt-nonroot.$$
setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all /tmp/dt-nonroot.$$ -n 'BEGIN { exit(0); }' 2>&1 | sed 's/: Operation not permitted//'
echo "rc=${PIPESTATUS[0]}"
rm -f /tmp/dt-nonroot.$$
