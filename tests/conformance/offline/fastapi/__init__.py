"""A stand-in for FastAPI, for running the suite without PyPI (run.sh, CONFORMANCE_OFFLINE=1).

Debian's FastAPI needs pydantic 1 and the UCP SDK needs pydantic 2, so the suite's mock agent
(integration_test_utils.AgentProfileServer: `FastAPI()`, `@app.get`/`@app.post`, `Request`,
`JSONResponse`) runs on Starlette, which FastAPI is built on, through these few lines.
"""
import inspect

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

__all__ = ["FastAPI", "Request"]


class FastAPI(Starlette):
  def _route(self, path, methods):
    def decorate(handler):
      params = inspect.signature(handler).parameters

      async def endpoint(request):
        # A parameter named as a path parameter gets its value; any other, the request.
        kwargs = {name: request.path_params.get(name, request) for name in params}
        result = handler(**kwargs)
        if inspect.isawaitable(result):
          result = await result
        return result if isinstance(result, Response) else JSONResponse(result)

      self.add_route(path, endpoint, methods=methods)
      return handler

    return decorate

  def get(self, path, **_):
    return self._route(path, ["GET"])

  def post(self, path, **_):
    return self._route(path, ["POST"])
