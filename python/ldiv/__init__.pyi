# Type stub of the ldiv package (python/ldiv/__init__.py).
import os
from typing import Any, Callable, Mapping, Sequence, Union

import pandas as pd

__version__: str

Data = Union[pd.DataFrame, str, os.PathLike[str], None]
Hierarchy = Union[str, pd.DataFrame]
Progress = Callable[[float], None]

class Error(Exception):
    exit_code: int

class InputError(Error, ValueError):
    file: str
    line: int
    column: int
    def __init__(self, message: str, file: str = ..., line: int = ..., column: int = ...) -> None: ...

class ParameterError(Error, ValueError): ...
class RequirementNotMet(Error, RuntimeError): ...
class LdivWarning(UserWarning): ...

class Record:
    def __init__(self, data: dict[str, Any]) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: str) -> bool: ...
    def keys(self) -> list[str]: ...
    def to_dict(self) -> dict[str, Any]: ...

class SearchResult(Record):
    lattice_size: int
    satisfying_count: int
    minimal_nodes: list[list[int]]
    optimum: Record | None
    checked_nodes: int
    elapsed_ms: float
    load_ms: float
    proven_optimal: bool
    statistics: Record

class AuditResult(Record): ...
class RiskResult(Record): ...
class UtilityResult(Record): ...
class ExplainResult(Record): ...
class FrontierResult(Record): ...
class VerifyResult(Record): ...
class DiagnoseResult(Record): ...

class PublishResult(Record):
    data: pd.DataFrame
    release: dict[str, Any] | None
    rows: int
    node: list[int]
    satisfies: bool
    suppressed_rows: int


def search(data: Data = ..., *, project: str | os.PathLike[str] | Project | None = ...,
           qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
           identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
           hierarchies: Mapping[str, Hierarchy] | None = ...,
           criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
           progress: Progress | None = ..., **options: Any) -> SearchResult: ...
def audit(data: Data = ..., *, project: str | os.PathLike[str] | Project | None = ...,
          node: Sequence[int] | str = ..., progress: Progress | None = ...,
          **options: Any) -> AuditResult: ...
def risk(data: Data = ..., *, project: str | os.PathLike[str] | Project | None = ...,
         progress: Progress | None = ..., **options: Any) -> RiskResult: ...
def utility(data: Data = ..., *, project: str | os.PathLike[str] | Project | None = ...,
            progress: Progress | None = ..., **options: Any) -> UtilityResult: ...
def explain(data: Data = ..., *, project: str | os.PathLike[str] | Project | None = ...,
            node: Sequence[int] | str = ..., progress: Progress | None = ...,
            **options: Any) -> ExplainResult: ...
def frontier(data: Data = ..., *, project: str | os.PathLike[str] | Project | None = ...,
             progress: Progress | None = ..., **options: Any) -> FrontierResult: ...
def diagnose(data: Data = ..., *, project: str | os.PathLike[str] | Project | None = ...,
             progress: Progress | None = ..., **options: Any) -> DiagnoseResult: ...
def publish(data: Data = ..., *, node: Sequence[int] | str = ...,
            project: str | os.PathLike[str] | Project | None = ...,
            qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
            identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
            hierarchies: Mapping[str, Hierarchy] | None = ...,
            criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
            release: bool = ..., progress: Progress | None = ..., **options: Any) -> PublishResult: ...
generalize = publish
def verify(release: str | os.PathLike[str], published: str | os.PathLike[str], *,
           original: str | os.PathLike[str] | None = ..., progress: Progress | None = ...,
           **options: Any) -> VerifyResult: ...

class Project:
    config: dict[str, Any]
    path: str | None
    def __init__(self, config: dict[str, Any], path: str | None = ...) -> None: ...
    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Project: ...
    def save(self, path: str | os.PathLike[str] | None = ...) -> str: ...
