"""This machine's addresses on its local networks: where the other phones at the table reach it.

They are read from the machine's own network interfaces (``getifaddrs``), never found by sending
anything anywhere: no packet leaves the machine to learn its address. Standard library only, so
the serve command's banner and the web layer's links share it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import ipaddress
import socket
import sys
from dataclasses import dataclass

# Interfaces that are rarely the network the phones are on: containers, virtual machines, VPNs.
VIRTUAL_PREFIXES = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vmnet",
    "vboxnet",
    "tun",
    "tap",
    "wg",
    "utun",
    "zt",
    "tailscale",
    "lxc",
    "lxd",
    "podman",
    "cni",
    "flannel",
)

IFF_UP = 0x1
IFF_LOOPBACK = 0x8


@dataclass(frozen=True)
class InterfaceAddress:
    interface: str
    address: str


class _Ifaddrs(ctypes.Structure):
    pass


_Ifaddrs._fields_ = [
    ("ifa_next", ctypes.POINTER(_Ifaddrs)),
    ("ifa_name", ctypes.c_char_p),
    ("ifa_flags", ctypes.c_uint),
    ("ifa_addr", ctypes.c_void_p),
    ("ifa_netmask", ctypes.c_void_p),
    ("ifa_ifu", ctypes.c_void_p),
    ("ifa_data", ctypes.c_void_p),
]


def _ipv4_of(sockaddr: int) -> str | None:
    """The IPv4 address in a ``struct sockaddr``, or None for any other family. BSD and macOS
    start the struct with a length byte and a one-byte family; Linux with a two-byte family."""
    head = ctypes.string_at(sockaddr, 8)
    family = (
        head[1]
        if sys.platform.startswith(("darwin", "freebsd", "openbsd", "netbsd"))
        else int.from_bytes(head[0:2], sys.byteorder)
    )
    if family != socket.AF_INET:
        return None
    return socket.inet_ntoa(head[4:8])


def _from_getifaddrs() -> list[InterfaceAddress] | None:
    """Every IPv4 address of an interface that is up and not the loopback; None where the C
    library has no ``getifaddrs`` (Windows)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name, use_errno=True) if name else ctypes.CDLL(None)
        getifaddrs, freeifaddrs = libc.getifaddrs, libc.freeifaddrs
    except (OSError, AttributeError):
        return None
    getifaddrs.argtypes = [ctypes.POINTER(ctypes.POINTER(_Ifaddrs))]
    freeifaddrs.argtypes = [ctypes.POINTER(_Ifaddrs)]
    head = ctypes.POINTER(_Ifaddrs)()
    if getifaddrs(ctypes.byref(head)) != 0:
        return None
    found: list[InterfaceAddress] = []
    try:
        entry = head
        while entry:
            item = entry.contents
            if item.ifa_addr and item.ifa_flags & IFF_UP and not item.ifa_flags & IFF_LOOPBACK:
                address = _ipv4_of(item.ifa_addr)
                if address is not None:
                    found.append(InterfaceAddress((item.ifa_name or b"").decode(errors="replace"), address))
            entry = item.ifa_next
    finally:
        freeifaddrs(head)
    return found


def _from_host_name() -> list[InterfaceAddress]:
    """Windows: the addresses the system gives for its own name, from its interfaces (answered
    locally, no query goes out for the machine's own name)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [InterfaceAddress("", str(info[4][0])) for info in infos]


def _rank(found: InterfaceAddress) -> tuple[int, int]:
    """Home networks first (192.168, then 10, then 172.16-31), then other addresses; a container's
    or VPN's interface after a real one."""
    ip = ipaddress.IPv4Address(found.address)
    home = 0 if ip in HOME_192 else 1 if ip in HOME_10 else 2 if ip in HOME_172 else 3
    virtual = found.interface.lower().startswith(VIRTUAL_PREFIXES)
    return (int(virtual), home)


HOME_192 = ipaddress.IPv4Network("192.168.0.0/16")
HOME_10 = ipaddress.IPv4Network("10.0.0.0/8")
HOME_172 = ipaddress.IPv4Network("172.16.0.0/12")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that another device on its networks can reach, the likeliest
    first: no loopback (127.x), no link-local (169.254.x, a network that gave no address), no
    repeats. Empty when the machine is on no network."""
    found = _from_getifaddrs()
    if found is None:
        found = _from_host_name()
    usable: list[InterfaceAddress] = []
    for item in found:
        ip = ipaddress.IPv4Address(item.address)
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
            continue
        if all(item.address != seen.address for seen in usable):
            usable.append(item)
    return [item.address for item in sorted(usable, key=_rank)]
