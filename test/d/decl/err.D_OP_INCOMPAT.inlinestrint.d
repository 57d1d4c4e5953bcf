/* ... nor a string inline an integer. */
inline string who = 7;
