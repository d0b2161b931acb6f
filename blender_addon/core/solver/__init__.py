"""See ARCHITECTURE.md."""
