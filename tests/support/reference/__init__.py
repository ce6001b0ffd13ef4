"""Independent reference implementations of the rules pages, used by differential tests."""
