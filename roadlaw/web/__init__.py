"""The web app: `create_app()` for uvicorn (`roadlaw serve`), the page, the cards and the JSON API."""

from roadlaw.web.app import create_app

__all__ = ["create_app"]
