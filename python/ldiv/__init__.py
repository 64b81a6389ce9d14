"""ldiv from Python: the CLI's commands run in this process on a DataFrame or a file.

Every function builds the arguments of one `ldiv` subcommand, runs it through the same
command classes as the `ldiv` executable (no second implementation) and returns its `--json`
object as a typed result. See docs/python.md.
"""
from __future__ import annotations

import json
import os
import tempfile
import warnings
from typing import Any, Callable, Mapping, Sequence, Union

import pandas as pd

from . import _ldiv
from ._frames import hold_frame, read_published, temp_dir, write_frame, write_hierarchy
from ._results import (AuditResult, DiagnoseResult, ExplainResult, FrontierResult,
                       PublishResult, Record, RiskResult, SearchResult, UtilityResult,
                       VerifyResult)

__version__: str = _ldiv.__version__

Data = Union[pd.DataFrame, str, "os.PathLike[str]", None]
Hierarchy = Union[str, pd.DataFrame]
Progress = Callable[[float], None]

__all__ = ["search", "audit", "risk", "utility", "explain", "frontier", "publish",
           "generalize", "verify", "diagnose", "version_info", "Project", "Error", "InputError",
           "ParameterError", "RequirementNotMet", "LdivWarning", "Record", "SearchResult",
           "AuditResult", "RiskResult", "UtilityResult", "ExplainResult", "FrontierResult",
           "PublishResult", "VerifyResult", "DiagnoseResult"]


class Error(Exception):
    """Base of ldiv's errors; `exit_code` is the CLI's for the same failure."""

    exit_code: int = 2


class InputError(Error, ValueError):
    """Malformed input (CLI exit code 2): names the file, line and column at fault."""

    def __init__(self, message: str, file: str = "", line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.column = column


class ParameterError(Error, ValueError):
    """An impossible or inconsistent option (CLI exit code 1)."""

    exit_code = 1


class RequirementNotMet(Error, RuntimeError):
    """The requirement cannot be met and the command has no result to show (exit code 3)."""

    exit_code = 3


class LdivWarning(UserWarning):
    """A warning the CLI prints on stderr."""


_DATAFRAME = "<DataFrame>"


class _Call:
    """One command's arguments and temporary files."""

    def __init__(self, command: str) -> None:
        self.args: list[str] = [command]
        self.tmp = tempfile.TemporaryDirectory(prefix="ldiv-", dir=temp_dir())
        self.frame_paths: list[str] = []
        self.held: list[str] = []

    def path(self, name: str) -> str:
        return os.path.join(self.tmp.name, name)

    def frame(self, frame: pd.DataFrame, name: str, missing: str = "") -> str:
        path = self.path(name)
        write_frame(frame, path, missing)
        self.frame_paths.append(path)
        return path

    def held_frame(self, frame: pd.DataFrame, missing: str) -> str:
        """The data in memory (frame_source.h): no temporary file written and read again.
        generalize keeps the file: its release record hashes the original file."""
        uri = hold_frame(frame, missing)
        self.held.append(uri)
        self.frame_paths.append(uri)
        return uri

    def option(self, name: str, value: Any) -> None:
        flag = "--" + name.replace("_", "-")
        if value is None or value is False:
            return
        if value is True:
            self.args.append(flag)
        elif isinstance(value, pd.DataFrame):
            self.args += [flag, self.frame(value, f"{name}.csv")]
        elif isinstance(value, (list, tuple)) and name != "node":
            for v in value:
                self.args += [flag, str(v)]
        elif isinstance(value, (list, tuple)):
            self.args += [flag, ",".join(str(v) for v in value)]
        else:
            self.args += [flag, os.fspath(value) if isinstance(value, os.PathLike) else str(value)]

    def data(self, data: Data, project: Any, missing_tokens: Sequence[str] | None) -> None:
        if isinstance(data, pd.DataFrame):
            token = missing_tokens[0] if missing_tokens else ""
            if self.args[0] == "generalize":
                self.args.append(self.frame(data, "data.csv", token))
            else:
                self.args.append(self.held_frame(data, token))
        elif data is not None:
            self.args.append(os.fspath(data))
        if project is not None:
            self.option("project", project.path if isinstance(project, Project) else project)

    def roles(self, qi: Sequence[str] | None, sensitive: Sequence[str] | str | None,
              identifying: Sequence[str] | None, insensitive: Sequence[str] | None,
              hierarchies: Mapping[str, Hierarchy] | None) -> None:
        for name, value in (("qi", qi), ("sensitive", sensitive), ("identifying", identifying),
                            ("insensitive", insensitive)):
            if value:
                self.args += ["--" + name, value if isinstance(value, str) else ",".join(value)]
        for column, h in (hierarchies or {}).items():
            if isinstance(h, pd.DataFrame):
                path = self.path(f"hierarchy-{len(self.args)}.csv")
                write_hierarchy(h, path)
                h = path
            self.args += ["--hierarchy", f"{column}={os.fspath(h)}"]

    def criteria(self, criteria: Sequence[str] | str | None) -> None:
        for c in [criteria] if isinstance(criteria, str) else (criteria or []):
            self.args += ["--criterion", c]

    def hide(self, text: str) -> str:
        for p in self.frame_paths:
            text = text.replace(p, _DATAFRAME)
        return text

    def run(self, progress: Progress | None, allow_not_met: bool = True) -> dict[str, Any]:
        self.args.append("--json")
        code, out, err, kind, message, file, line, column = _ldiv.run(self.args, progress)
        for text in err.splitlines():
            if text.startswith("warning: "):
                warnings.warn(self.hide(text[9:]), LdivWarning, stacklevel=3)
        if kind == "cancelled":
            raise KeyboardInterrupt
        if kind == "input" or kind == "other" or kind == "memory":
            raise InputError(self.hide(message), self.hide(file), line, column)
        if kind == "parameter":
            raise ParameterError(self.hide(message))
        if code != 0 and not (code == 3 and allow_not_met and out.strip()):
            lines = [t[len("ldiv: error: "):] for t in err.splitlines()
                     if t.startswith("ldiv: error: ")]
            text = self.hide("; ".join(lines) or err.strip() or f"exit code {code}")
            if code == 3:
                raise RequirementNotMet(text)
            raise ParameterError(text) if code == 1 else InputError(text)
        return json.loads(out)

    def close(self) -> None:
        for uri in self.held:
            _ldiv.release_frame(uri)
        self.tmp.cleanup()


def _common(command: str, data: Data, project: Any, qi: Any, sensitive: Any, identifying: Any,
            insensitive: Any, hierarchies: Any, criteria: Any, missing_tokens: Any,
            options: Mapping[str, Any]) -> _Call:
    call = _Call(command)
    call.data(data, project, missing_tokens)
    call.roles(qi, sensitive, identifying, insensitive, hierarchies)
    call.criteria(criteria)
    if missing_tokens:
        call.option("missing_token", list(missing_tokens))
    for name, value in options.items():
        call.option(name, value)
    return call


def _make(command: str, result: type[Record]) -> Callable[..., Any]:
    def function(data: Data = None, *, project: Any = None, qi: Sequence[str] | None = None,
                 sensitive: Sequence[str] | str | None = None,
                 identifying: Sequence[str] | None = None,
                 insensitive: Sequence[str] | None = None,
                 hierarchies: Mapping[str, Hierarchy] | None = None,
                 criteria: Sequence[str] | str | None = None,
                 missing_tokens: Sequence[str] | None = None, progress: Progress | None = None,
                 **options: Any) -> Any:
        call = _common(command, data, project, qi, sensitive, identifying, insensitive,
                       hierarchies, criteria, missing_tokens, options)
        try:
            return result(call.run(progress))
        finally:
            call.close()

    function.__name__ = command
    function.__qualname__ = command
    function.__doc__ = (f"`ldiv {command} --json` on a DataFrame or a CSV file (or a project); "
                        "keyword options are the CLI's long options (node=[1,0,2], "
                        "suppression=0.02, ...). Returns the JSON object as a "
                        f"{result.__name__}.")
    return function


search = _make("search", SearchResult)
audit = _make("audit", AuditResult)
risk = _make("risk", RiskResult)
utility = _make("utility", UtilityResult)
explain = _make("explain", ExplainResult)
frontier = _make("frontier", FrontierResult)
diagnose = _make("diagnose", DiagnoseResult)


def publish(data: Data = None, *, node: Sequence[int] | str = "optimum", project: Any = None,
            qi: Sequence[str] | None = None, sensitive: Sequence[str] | str | None = None,
            identifying: Sequence[str] | None = None, insensitive: Sequence[str] | None = None,
            hierarchies: Mapping[str, Hierarchy] | None = None,
            criteria: Sequence[str] | str | None = None,
            missing_tokens: Sequence[str] | None = None,
            output: str | os.PathLike[str] | None = None,
            release: bool | str | os.PathLike[str] = False,
            progress: Progress | None = None, **options: Any) -> PublishResult:
    """`ldiv generalize --json`: the published table as a DataFrame (`.data`), the release
    record as a dict (`.release`, with release=True or a path to keep it at) and the summary's
    fields. Without `output` the CSV is a temporary file read back and removed, written with
    --no-neutralize-formulas (a DataFrame is no spreadsheet: values stay as they were); with
    `output` it stays, written as the CLI writes it."""
    call = _common("generalize", data, project, qi, sensitive, identifying, insensitive,
                   hierarchies, criteria, missing_tokens, options)
    try:
        call.option("node", node)
        kept = output is not None
        target = os.path.abspath(os.fspath(output)) if kept else call.path("published.csv")
        call.option("output", target)
        if "output_sep" not in options:
            call.option("output_sep", "comma")
        if not kept and "neutralize_formulas" not in options:
            call.option("no_neutralize_formulas", True)
        if release is True:
            record: str | None = call.path("release.json")
        elif release is False or release is None:
            record = None
        else:
            record = os.path.abspath(os.fspath(release))
        call.option("release", record)
        summary = call.run(progress, allow_not_met=False)
        if not kept:
            summary["output"] = None  # a temporary file, gone on return
        like = data if isinstance(data, pd.DataFrame) else None
        frame = read_published(target, like, missing_tokens or ("?", ""))
        released = None
        if record:
            with open(record, encoding="utf-8") as f:
                released = json.load(f)
        return PublishResult(summary, frame, released)
    finally:
        call.close()


generalize = publish


def verify(release: str | os.PathLike[str], published: str | os.PathLike[str], *,
           original: str | os.PathLike[str] | None = None, progress: Progress | None = None,
           **options: Any) -> VerifyResult:
    """`ldiv verify RELEASE --published FILE --json` (files: the record holds their SHA-256)."""
    call = _Call("verify")
    try:
        call.args.append(os.fspath(release))
        call.option("published", published)
        call.option("original", original)
        for name, value in options.items():
            call.option(name, value)
        return VerifyResult(call.run(progress))
    finally:
        call.close()


def version_info() -> dict[str, Any]:
    """`ldiv --version --json`: {"version": ..., "features": {"postgres": bool, ...}}."""
    return json.loads(_ldiv.version_json())


class Project:
    """An ldiv project file (.ldiv.json): `config` is its JSON object. Load checks it with
    the engine's project reader (errors name the file and the attribute)."""

    def __init__(self, config: dict[str, Any], path: str | None = None) -> None:
        self.config = config
        self.path = path

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Project":
        path = os.path.abspath(os.fspath(path))
        call = _Call("inspect")
        try:
            # `ldiv inspect --project` reads it through the engine's loader: the same checks
            # and messages as every command.
            call.args += ["--project", path]
            call.run(None)
        finally:
            call.close()
        with open(path, encoding="utf-8") as f:
            return cls(json.load(f), path)

    def save(self, path: str | os.PathLike[str] | None = None) -> str:
        """Writes the project (to `path`, else where it was loaded from); returns the path."""
        target = os.path.abspath(os.fspath(path)) if path is not None else self.path
        if target is None:
            raise ParameterError("Project.save: give a path (this project was not loaded)")
        with open(target, "w", encoding="utf-8") as f:
            json.dump(self.config, f, indent=2)
            f.write("\n")
        self.path = target
        return target
