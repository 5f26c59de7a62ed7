"""Links meant for another phone (a table's join and watch links, seat links, a scorecard's
read-only and edit links), built with an address that phone can reach.

The rule: ``PUBLIC_URL`` when it is set (a hosted deployment behind a proxy); else the address
this page was reached at, unless that is this machine's loopback (``localhost``, ``127.x``,
``::1``), which means nothing on another phone: then this machine's LAN address, with the same
scheme and port.
"""

from __future__ import annotations

import ipaddress
import threading
import time

from flask import Flask, current_app, request

from caddie.web.lan import lan_addresses

# A laptop can move to another network while it serves: the interfaces are read again this often.
LAN_CACHE_SECONDS = 30.0
_lan_lock = threading.Lock()
_lan_cache: tuple[float, str | None] = (-LAN_CACHE_SECONDS, None)


def is_loopback_host(host: str) -> bool:
    """Whether a host name (without its port) names this machine only: ``localhost`` and its
    subdomains, 127.0.0.0/8, ``::1``, or the unspecified 0.0.0.0 and ``::``."""
    name = host.strip().strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_unspecified


def split_host(host: str) -> tuple[str, str]:
    """``host[:port]`` (an IPv6 address in brackets) into the name and ``:port`` ('' without one)."""
    if host.startswith("["):
        name, _, rest = host.partition("]")
        return name + "]", rest
    name, colon, port = host.rpartition(":")
    if colon and port.isdecimal():
        return name, f":{port}"
    return host, ""


def lan_address() -> str | None:
    """The likeliest address of this machine on its network (read again every half minute)."""
    global _lan_cache
    with _lan_lock:
        read_at, address = _lan_cache
        if time.monotonic() - read_at >= LAN_CACHE_SECONDS:
            found = lan_addresses()
            address = found[0] if found else None
            _lan_cache = (time.monotonic(), address)
        return address


def shareable_origin() -> str:
    """``scheme://host[:port]`` another phone reaches this app at (the module's rule)."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return str(public).rstrip("/")
    name, port = split_host(request.host)
    if is_loopback_host(name) and current_app.config.get("LAN_LINKS", True):
        lan = lan_address()
        if lan is not None:
            name = lan
    return f"{request.scheme}://{name}{port}"


def shareable_url(path: str) -> str:
    """The absolute link to ``path`` (as ``url_for`` builds it) for another phone."""
    return shareable_origin() + path


def shareable_host() -> str:
    """The address without its scheme, for a person to type: ``192.168.1.23:8000``."""
    return shareable_origin().split("://", 1)[1]


def register(app: Flask) -> None:
    app.add_template_global(shareable_url, "shareable_url")
    app.add_template_global(shareable_host, "shareable_host")
