"""FastAPI's responses are Starlette's."""
from starlette.responses import JSONResponse, Response  # noqa: F401
