"""WTForms forms: what each page accepts, parsed and validated before the core sees it."""
