/* ... in either order. */
this self int both;
