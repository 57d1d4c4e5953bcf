# tst.json.sh: the entries of an aggregation
select(.type == "aggregation") | .aggregation.entries
