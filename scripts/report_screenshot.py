"""Make docs/report.png, README's picture of the report page: the bundled example graded
into a temporary folder, its page rendered by headless Chromium (Debian's `chromium` and
`chromium-driver`, driven by selenium from the test extra) with the first test opened.

    python scripts/report_screenshot.py [OUTPUT]
"""

from __future__ import annotations

import io
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(output: Path) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    from agentv_grader.cli import run
    from agentv_grader.html_report import write_page

    with tempfile.TemporaryDirectory() as tmp:
        example = Path(tmp) / "example"
        shutil.copytree(ROOT / "examples", example)
        bench = example / "run" / "capital"
        run(
            ["--eval-path", str(example / "capital.eval.yaml"), "--bench-dir", str(bench)],
            io.StringIO(),
            io.StringIO(),
        )
        page = write_page(str(bench), str(Path(tmp) / "report.html"))
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "chromium"
        for argument in ("--headless=new", "--no-sandbox", "--window-size=1000,1150"):
            options.add_argument(argument)
        driver = webdriver.Chrome(
            service=Service(shutil.which("chromedriver") or "chromedriver"), options=options
        )
        try:
            driver.get("file://" + page.path)
            WebDriverWait(driver, 30).until(
                lambda d: d.execute_script("return document.body.dataset.ready === 'true'")
            )
            driver.execute_script("document.querySelector('details.test').open = true")
            WebDriverWait(driver, 10).until(
                lambda d: d.execute_script(
                    "return document.querySelector('details.test .body').children.length > 0"
                )
            )
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(output))
        finally:
            driver.quit()
    print(f"{output}: {output.stat().st_size} bytes")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "report.png")
