# dtrace ignores SIGPIPE and SIGXFSZ for its own output; a -c command
# must not inherit that through exec(): it starts with the dispositions
# dtrace was given (here the default: a writer to a closed pipe dies of
# SIGPIPE, as without dtrace).
. ./common.sh
$DTRACE -q -n 'BEGIN {}' -c 'grep -E ^SigIgn: /proc/self/status'
# and one dtrace was given ignored stays ignored
(trap '' PIPE; $DTRACE -q -n 'BEGIN {}' -c 'grep -E ^SigIgn: /proc/self/status')
