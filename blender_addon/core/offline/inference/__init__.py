"""Common sense the text leaves out, added as inferred objects and relations."""
