"""The browser client: HTML pages, ES modules and CSS, served by the app as they are (no build step)."""
