"""Reading the text: prompt -> sentences, tokens, lexicon words, noun phrases and clauses read by the grammar."""
