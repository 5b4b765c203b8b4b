#!/usr/bin/env python3
"""End-to-end test of the hosted checkout page in headless Chromium, driven over WebDriver.

Issue 15, "A real browser". For each case it runs `kiosk checkout open PRODUCT --account ID`,
opens the link it prints in Chromium, types a Stripe test card into the page, pays (or answers
the 3-D Secure challenge, or cancels), follows the redirect to Kiosk's loopback listener, and
checks that the command confirms the outcome from the server side (`paid: ...`, exit 0; or
`not paid`, exit 1). One case runs with JavaScript disabled. Every step fails loudly.

WebDriver is plain HTTP+JSON (W3C WebDriver), so only the standard library is needed.
Usage: browser_checkout_test.py KIOSK_BINARY
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
STEP_TIMEOUT = 30


class Failure(Exception):
    pass


def fail(message):
    raise Failure(message)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class WebDriver:
    """The few W3C WebDriver commands the test needs."""

    def __init__(self, port, javascript):
        self.base = f"http://127.0.0.1:{port}"
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1024,768", "--no-first-run", "--disable-extensions"]
        options = {"binary": shutil.which("chromium") or "/usr/bin/chromium", "args": args}
        if not javascript:
            options["prefs"] = {"profile.managed_default_content_settings.javascript": 2}
        answer = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options}}})
        self.session = answer["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=STEP_TIMEOUT) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            fail(f"WebDriver {method} {path} answered {error.code}: {error.read()[:500]!r}")

    def command(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def open(self, url):
        self.command("POST", "/url", {"url": url})

    def find(self, css):
        return self.command("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def type(self, css, text):
        self.command("POST", f"/element/{self.find(css)}/value", {"text": text})

    def click(self, css):
        self.command("POST", f"/element/{self.find(css)}/click", {})

    def url(self):
        return self.command("GET", "/url")

    def source(self):
        return self.command("GET", "/source")

    def javascript_enabled(self):
        """Whether a page's own script runs: it retitles this page only if JavaScript is on."""
        self.open("data:text/html,<title>off</title><script>document.title='on'</script>")
        return self.command("GET", "/title") == "on"

    def quit(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        except Failure:
            pass


def wait_for(description, predicate):
    deadline = time.monotonic() + STEP_TIMEOUT
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    fail(f"timed out waiting for {description}")


class Checkout:
    """`kiosk checkout open`, with its printed link."""

    def __init__(self, kiosk, data_dir, account, product):
        self.process = subprocess.Popen(
            [kiosk, "checkout", "open", product, "--account", account, "--data-dir", data_dir, "--timeout", "120"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        prefix = "Open this URL in your browser to pay: "
        if not line.startswith(prefix):
            self.process.kill()
            fail(f"kiosk checkout open printed {line!r}, stderr {self.process.stderr.read()!r}")
        self.url = line[len(prefix):].strip()

    def result(self):
        try:
            out, err = self.process.communicate(timeout=STEP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            fail("kiosk checkout open did not finish after the browser returned")
        return self.process.returncode, out, err


def pay(driver, card, cvc="123"):
    driver.type("input[name=number]", card)
    driver.type("input[name=expiry]", "12/34")
    driver.type("input[name=cvc]", cvc)
    driver.type("input[name=name]", "Ada Lovelace")
    driver.click("form[action$='/pay'] button[type=submit]")


def expect_returned(driver, fragment):
    landed = wait_for("the redirect to the loopback listener",
                      lambda: "You can return to your terminal." in driver.source() and driver.url())
    if not landed.startswith("http://127.0.0.1:") or fragment not in landed:
        fail(f"the browser landed on {landed}, expected the loopback listener with {fragment!r}")


def paying(product, name, price):
    def case(kiosk, data_dir, account, driver):
        checkout = Checkout(kiosk, data_dir, account, product)
        driver.open(checkout.url)
        page = driver.source()
        for text in (name, f"Due today: {price}", "name=\"csrf\""):
            if text not in page:
                fail(f"the checkout page lacks {text!r}")
        pay(driver, "4242424242424242")
        expect_returned(driver, "status=succeeded")
        status, out, err = checkout.result()
        if status != 0 or not out.startswith(f"paid: {name}"):
            fail(f"kiosk did not confirm the payment: exit {status}, {out!r} {err!r}")
    return case


def case_declines_then_cancels(kiosk, data_dir, account, driver):
    checkout = Checkout(kiosk, data_dir, account, "points.500")
    driver.open(checkout.url)
    pay(driver, "4000000000000002")
    wait_for("the decline message", lambda: "declined" in driver.source())
    if not driver.url().startswith(checkout.url.rsplit("/", 1)[0]):
        fail(f"a decline left the checkout page: {driver.url()}")
    driver.click("form[action$='/cancel'] button[type=submit]")
    expect_returned(driver, "/checkout/cancel?state=")
    status, out, err = checkout.result()
    if status != 1 or not out.startswith("not paid"):
        fail(f"kiosk did not report the unpaid checkout: exit {status}, {out!r} {err!r}")


def case_three_d_secure(kiosk, data_dir, account, driver):
    checkout = Checkout(kiosk, data_dir, account, "season.pass")
    driver.open(checkout.url)
    pay(driver, "4000002760003184")
    wait_for("the 3-D Secure challenge", lambda: "Your bank wants to confirm this payment" in driver.source())
    driver.click("button[value=approve]")
    expect_returned(driver, "status=succeeded")
    status, out, err = checkout.result()
    if status != 0 or not out.startswith("paid: Season pass"):
        fail(f"kiosk did not confirm the authenticated payment: exit {status}, {out!r} {err!r}")


def first_account(kiosk, data_dir):
    """The storefront's first start creates the person's account; `status` names it."""
    subprocess.run([kiosk, "run", "--dump", "--data-dir", data_dir], check=True, capture_output=True, timeout=60)
    status = subprocess.run([kiosk, "status", "--data-dir", data_dir], check=True, capture_output=True,
                            text=True, timeout=60).stdout
    for word in status.split():
        if word.strip("(),:").startswith("acct_"):
            return word.strip("(),:")
    fail(f"no account id in kiosk status:\n{status}")


def main():
    if len(sys.argv) != 2:
        fail("usage: browser_checkout_test.py KIOSK_BINARY")
    kiosk = os.path.abspath(sys.argv[1])
    if not shutil.which("chromedriver"):
        fail("chromedriver is not installed (apt-get install chromium chromium-driver)")
    data_dir = tempfile.mkdtemp(prefix="kiosk-browser-")
    port = free_port()
    driver_process = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
    try:
        wait_for("chromedriver", lambda: _ready(port))
        account = first_account(kiosk, data_dir)
        cases = [("pays and is confirmed server-side", True, paying("themes.lifetime", "Theme pack", "$14.99")),
                 ("declines, then cancels", True, case_declines_then_cancels),
                 ("3-D Secure challenge approved in the page", True, case_three_d_secure),
                 ("pays with JavaScript disabled", False, paying("points.500", "Starter points", "$4.99"))]
        for name, javascript, case in cases:
            driver = WebDriver(port, javascript)
            try:
                if driver.javascript_enabled() != javascript:
                    fail(f"JavaScript should be {'on' if javascript else 'off'} for this case")
                case(kiosk, data_dir, account, driver)
            except Failure as failure:
                fail(f"{name}: {failure}")
            finally:
                driver.quit()
            print(f"ok: {name}")
    finally:
        driver_process.terminate()
        driver_process.wait(timeout=10)
        shutil.rmtree(data_dir, ignore_errors=True)
    print("browser checkout: all cases passed")


def _ready(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=2) as response:
            return json.loads(response.read())["value"]["ready"]
    except (OSError, ValueError, KeyError):
        return False


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"FAIL: browser checkout: {failure}", file=sys.stderr)
        sys.exit(1)
