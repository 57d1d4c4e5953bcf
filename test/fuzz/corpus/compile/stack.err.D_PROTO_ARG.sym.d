BEGIN { sym("ksys_write"); }
