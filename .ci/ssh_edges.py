"""Issue 36: the SSH storefront's protocol edges, seen by an SSH implementation that is not ours
(asyncssh). Run by .ci/ssh.sh against two `kiosk serve --ssh-port` instances on one PostgreSQL
store: ssh_edges.py HOST PORT_A PORT_B (B allows only a few sign-in attempts a minute).

Each check prints one line; any failure exits 1 after all checks ran.
"""
import asyncio
import re
import sys

import asyncssh

HOST, PORT_A, PORT_B = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
TIMEOUT = 20
failures = []


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(name)


def connect(port, key=None, username="ann", **options):
    return asyncssh.connect(HOST, port, username=username, known_hosts=None, agent_path=None,
                            client_keys=[key] if key else None, connect_timeout=TIMEOUT, **options)


async def run(port, key, command, username="ann"):
    async with connect(port, key, username) as connection:
        return await asyncio.wait_for(connection.run(command, check=False), TIMEOUT)


async def account_of(port, key, username="ann"):
    """The account id the key signs in as: the first line of `status` names it."""
    result = await run(port, key, "status", username)
    found = re.search(r"\((acct_[A-Za-z0-9_]+),", result.stdout or "")
    return found.group(1) if found else f"none (exit {result.exit_status}: {result.stdout!r} {result.stderr!r})"


async def refused_sign_in(port, **options):
    try:
        async with connect(port, **options):
            return False
    except (asyncssh.PermissionDenied, asyncssh.DisconnectError, ConnectionError):
        return True


async def settled_output(process):
    """What a pty session writes until it has been quiet for a second (the first bytes may take
    up to TIMEOUT)."""
    output = await asyncio.wait_for(process.stdout.read(65536), TIMEOUT)
    while True:
        try:
            output += await asyncio.wait_for(process.stdout.read(65536), 1)
        except asyncio.TimeoutError:
            return output


def forged(shown, signer):
    """A key pair offering `shown`'s public key and signing with `signer` (asyncssh signs through
    the pair's private key, read when signing)."""
    pair = asyncssh.load_keypairs([shown])[0]
    pair._key = signer
    return pair


async def main():
    ann = asyncssh.generate_private_key("ssh-ed25519")
    bob = asyncssh.generate_private_key("ssh-ed25519")

    # Identity: the key is the customer, on every connection and on both servers of the store.
    first = await account_of(PORT_A, ann)
    check("a new key gets an account", first.startswith("acct_"), first)
    check("the same key is the same account again", await account_of(PORT_A, ann) == first)
    check("the same key is the same account on the other server", await account_of(PORT_B, ann) == first)
    other = await account_of(PORT_A, bob, "bob")
    check("another key is another account", other.startswith("acct_") and other != first, other)

    # Commands: the documented read-only set; anything else is refused with a status.
    result = await run(PORT_A, ann, "invoices --json")
    check("`invoices --json` answers JSON", result.exit_status == 0 and (result.stdout or "").lstrip().startswith("["),
          f"{result.exit_status} {result.stdout!r}")
    result = await run(PORT_A, ann, "rm -rf /")
    check("an unknown command is refused", result.exit_status == 127 and "is not a command here" in (result.stdout or ""),
          f"{result.exit_status} {result.stdout!r}")

    async with connect(PORT_A, ann) as connection:
        # A shell without a terminal is told to use `ssh -t`.
        process = await connection.create_process()
        output = await asyncio.wait_for(process.stdout.read(), TIMEOUT)
        await process.wait()
        check("a shell without a pty says to use ssh -t", "ssh -t" in output and process.exit_status == 1,
              f"{process.exit_status} {output!r}")

        # A pty session paints the storefront, repaints on window-change and quits on q.
        process = await connection.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        painted = await settled_output(process)
        # A frame is a diff: words arrive split by cursor moves, so look for letters of the tabs.
        check("a pty session paints the storefront", b"\x1b[" in painted and b"Store" in painted, f"{painted[:200]!r}")
        process.change_terminal_size(100, 30)
        repaint = await settled_output(process)
        check("window-change repaints", b"\x1b[" in repaint, f"{repaint[:200]!r}")
        process.stdin.write(b"q")
        await asyncio.wait_for(process.wait(), TIMEOUT)
        check("q ends the session", process.exit_status == 0, f"exit {process.exit_status}")

        # Port forwarding and sftp are refused; the connection stays usable.
        # With the originator address OpenSSH sends (asyncssh's default empty one is a parse error
        # in swift-nio-ssh, which then ends the whole connection: refused all the same).
        try:
            await connection.open_connection("127.0.0.1", PORT_A, orig_host="127.0.0.1", orig_port=40000)
            check("port forwarding is refused", False, "a direct-tcpip channel opened")
        except asyncssh.ChannelOpenError:
            check("port forwarding is refused", True)
        try:
            await asyncio.wait_for(connection.start_sftp_client(), TIMEOUT)
            check("sftp is refused", False, "an sftp session started")
        except (asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.ProcessError, ConnectionError, EOFError):
            check("sftp is refused", True)
        result = await asyncio.wait_for(connection.run("status", check=False), TIMEOUT)
        check("the connection still serves after refusals", result.exit_status == 0, f"{result.exit_status}")

    # Sign-in: only the key's own signature, only public keys the server can verify.
    rsa = asyncssh.generate_private_key("ssh-rsa", key_size=2048)
    check("an RSA key is refused", await refused_sign_in(PORT_A, key=rsa))
    # A client with no verifiable key goes on to the password method (as OpenSSH does, asking
    # for one): it is told which key to make, and opens no account whatever it types.
    for name, options in (("a password opens no account, only advice", {"password": "hunter2", "client_keys": ()}),
                          ("an RSA-only client is told to make an ed25519 key", {"password": "", "client_keys": [rsa]})):
        try:
            async with asyncssh.connect(HOST, PORT_A, username="ann", known_hosts=None, agent_path=None,
                                        connect_timeout=TIMEOUT, **options) as connection:
                result = await asyncio.wait_for(connection.run("status", check=False), TIMEOUT)
            check(name, result.exit_status == 1 and "ssh-keygen -t ed25519" in (result.stderr or "")
                  and "acct_" not in (result.stdout or ""), f"{result.exit_status} {result.stdout!r} {result.stderr!r}")
        except (asyncssh.Error, OSError) as error:
            check(name, False, repr(error))
    check("a signature by another key is refused",
          await refused_sign_in(PORT_A, key=forged(ann, asyncssh.generate_private_key("ssh-ed25519"))))

    # Many failed attempts from one address: the server stops listening to it for the minute,
    # even with a good key.
    for _ in range(12):
        await refused_sign_in(PORT_B, key=forged(ann, asyncssh.generate_private_key("ssh-ed25519")))
    check("many failed attempts lock the address out", await refused_sign_in(PORT_B, key=ann))

    if failures:
        print(f"ssh: {len(failures)} check(s) failed: {', '.join(failures)}")
        sys.exit(1)
    print("ssh: every protocol edge held")


asyncio.run(main())
