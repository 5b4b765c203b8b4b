"""Issue 36's SSH budgets against a running `kiosk serve --ssh-port` (see Benchmarks/ssh.sh):

- first frame: connect, authenticate, pty, shell until the paywall is on the screen (read through
  the pyte terminal emulator: a frame is a diff, its words arrive between cursor moves), p50,
  beside connect + authenticate + close against the same server;
- concurrent sessions: SESSIONS clients each holding a pty session, each pressing a key about once
  a second; the time from a key to the first bytes of the frame it causes, p50 and p99;
- memory per session: the server's resident set at SESSIONS idle sessions minus before, per session.

ssh_bench.py HOST PORT SERVER_PID ROUNDS SESSIONS
"""
import asyncio
import random
import statistics
import sys
import time

import asyncssh
import pyte

HOST, PORT, SERVER_PID = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
ROUNDS, SESSIONS = int(sys.argv[4]), int(sys.argv[5])
PAYWALL = "Kiosk Demo Store"
TIMEOUT = 60


def connect(key):
    return asyncssh.connect(HOST, PORT, username="bench", known_hosts=None, agent_path=None, client_keys=[key],
                            connect_timeout=TIMEOUT)


def resident_kib():
    with open(f"/proc/{SERVER_PID}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


async def until_paywall(process):
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    while not any(PAYWALL in line for line in screen.display):
        stream.feed(await asyncio.wait_for(process.stdout.read(65536), TIMEOUT))


async def first_frame(key):
    start = time.perf_counter()
    async with connect(key) as connection:
        process = await connection.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        await until_paywall(process)
        elapsed = time.perf_counter() - start
        process.stdin.write(b"q")
        await asyncio.wait_for(process.wait(), TIMEOUT)
    return elapsed


async def sign_in_only(key):
    start = time.perf_counter()
    async with connect(key):
        pass
    return time.perf_counter() - start


async def held_session(key, ready, stop, latencies):
    async with connect(key) as connection:
        process = await connection.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        await until_paywall(process)
        ready.release()
        await asyncio.sleep(random.random())
        while not stop.is_set():
            # Down and Up in turn: each moves the selection, so each paints a frame.
            for key_bytes in (b"\x1b[B", b"\x1b[A"):
                start = time.perf_counter()
                process.stdin.write(key_bytes)
                await asyncio.wait_for(process.stdout.read(65536), TIMEOUT)
                latencies.append(time.perf_counter() - start)
                try:
                    await asyncio.wait_for(stop.wait(), 1)
                except asyncio.TimeoutError:
                    pass
        process.stdin.write(b"q")
        await asyncio.wait_for(process.wait(), TIMEOUT)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main():
    key = asyncssh.generate_private_key("ssh-ed25519")
    await first_frame(key)  # the account exists from here on; both measures then sign in alike
    frames, sign_ins = [], []
    for _ in range(ROUNDS):
        frames.append(await first_frame(key))
        sign_ins.append(await sign_in_only(key))
    frame, baseline = statistics.median(frames), statistics.median(sign_ins)
    print(f"first frame over SSH: p50 {frame * 1000:.1f} ms; connect + authenticate + close: p50 {baseline * 1000:.1f} ms; "
          f"ratio {frame / baseline:.2f}x (budget within 1.5x)")

    idle = resident_kib()
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(SESSIONS)]
    ready, stop, latencies = asyncio.Semaphore(0), asyncio.Event(), []
    tasks = [asyncio.create_task(held_session(k, ready, stop, latencies)) for k in keys]
    for _ in range(SESSIONS):
        await asyncio.wait_for(ready.acquire(), TIMEOUT * 5)
    held = resident_kib()
    latencies.clear()
    await asyncio.sleep(15)
    stop.set()
    await asyncio.gather(*tasks)
    print(f"{SESSIONS} sessions, a key a second each: key to frame p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms over {len(latencies)} keys (budget p99 under 50 ms at 500)")
    print(f"memory per session: {(held - idle) / SESSIONS:.0f} KiB ({idle} KiB idle, {held} KiB with {SESSIONS} sessions; "
          f"budget under 1 MB)")


asyncio.run(main())
