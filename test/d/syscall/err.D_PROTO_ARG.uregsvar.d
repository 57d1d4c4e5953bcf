/* uregs[] takes a constant index: a register name (R_SP) or a number. */
BEGIN
{
	this->r = R_SP;
	trace(uregs[this->r]);
}
