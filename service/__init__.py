"""The HTTP service: Flask app, schemas, auth, the event store and the command handler."""
