# tst.json.sh: the frames of each stack record of a firing
select(.type == "probe") | .records | map(select(.kind == "stack") | .frames)
