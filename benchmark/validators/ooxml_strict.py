"""Strict Open XML packages read as the Transitional ones every reader expects (issue 11, item 4).

ECMA-376 defines two conformance classes. Excel and Word can save "Strict Open XML" (.xlsx/.docx whose parts use
the ``http://purl.oclc.org/ooxml/...`` namespaces and relationship types); openpyxl and a reader keyed on the
Transitional namespaces then find no sheet and no paragraph and report an empty file as if it were read. The
markup of the two classes differs in its namespace names (ECMA-376 Part 1, 4th edition, Annex A lists both), so
renaming each Strict namespace to its Transitional twin gives a package those readers read correctly. Nothing
else in the package is touched; a Transitional package is opened as it is.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

_STRICT = b"http://purl.oclc.org/ooxml/"
#: Strict names whose Transitional twin is not the regular ``<area>/2006/<name>`` form.
_IRREGULAR = {
    b"http://purl.oclc.org/ooxml/officeDocument/extendedProperties":
        b"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
    b"http://purl.oclc.org/ooxml/officeDocument/customProperties":
        b"http://schemas.openxmlformats.org/officeDocument/2006/custom-properties",
    b"http://purl.oclc.org/ooxml/officeDocument/relationships/extendedProperties":
        b"http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties",
    b"http://purl.oclc.org/ooxml/officeDocument/relationships/customProperties":
        b"http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties",
}
_REGULAR = re.compile(rb"http://purl\.oclc\.org/ooxml/([A-Za-z]+)/([A-Za-z]+)")


def is_strict(archive: zipfile.ZipFile) -> bool:
    """True when the package's root relationships use Strict Open XML's namespaces."""
    try:
        return _STRICT in archive.read("_rels/.rels")
    except KeyError:
        return False


def transitional(data: bytes) -> bytes:
    """One XML part with every Strict namespace renamed to its Transitional twin."""
    for strict, plain in _IRREGULAR.items():
        data = data.replace(strict, plain)
    return _REGULAR.sub(rb"http://schemas.openxmlformats.org/\1/2006/\2", data)


def open_package(path: Path) -> zipfile.ZipFile:
    """The package at ``path`` as a ZipFile; a Strict Open XML package comes back renamed to Transitional (in
    memory, each XML part rewritten by :func:`transitional`). Call :func:`safety.check_zip` first: this reads
    every part. Raises zipfile.BadZipFile like ZipFile."""
    archive = zipfile.ZipFile(path)
    if not is_strict(archive):
        return archive
    buffer = io.BytesIO()
    with archive, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in archive.infolist():
            data = archive.read(info)
            if info.filename.endswith((".xml", ".rels")):
                data = transitional(data)
            target.writestr(info, data)
    buffer.seek(0)
    return zipfile.ZipFile(buffer)
