/* a script with nothing in it: no clause, declaration or pragma */
