/* mutex_owned() takes a struct mutex * */
BEGIN { trace(mutex_owned(curthread)); }
