/* A provider name leaves room for the process id that follows it. */
provider a_provider_name_that_is_much_too_long_to_have_a_process_id {
	probe go();
};
