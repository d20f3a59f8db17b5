"""HTTP routes, one module per resource; thin: they call the services and shape the reply."""
