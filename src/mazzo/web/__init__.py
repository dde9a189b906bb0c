"""The browser app: ``static/`` holds its HTML, ES modules and CSS (no build step, nothing fetched
from outside). It sits above the server and talks to it only over HTTP and websockets; the server
serves these files as package data (``mazzo.server.pages``) without importing anything from here."""
