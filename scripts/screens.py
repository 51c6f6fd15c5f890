#!/usr/bin/env python3
"""The gallery's images (docs/screens.md), for scripts/screens:

  screens.py render BASE TOKEN OUT POLICY   the console's previews of POLICY, light and dark, one PNG per screen
  screens.py compare EXPECTED ACTUAL        fails when an image is missing, extra or differs beyond the tolerance
  screens.py self-test                      the comparison on made-up images: a word and a colour changed fail it
  screens.py console-docs SHOTS [DOCS]      docs/console.md's pictures, cut from scripts/console-test's screenshots
                                            (LAUNCHGATE_SCREENSHOTS=SHOTS scripts/console-test), into DOCS (docs/console)

The images are rendered at device scale SCALE (2, as a Retina screen shows them; docs/screens.md
shows each at 220 CSS px wide) and compared at scale 1: each image is reduced by SCALE (a box
average) first, so the tolerance is in 1x pixels whatever the scale. A pixel counts as changed
when one of its channels moved by more than CHANNEL (of 255), and an image differs when more than
PIXELS of its pixels changed. Two renderings on one
machine are identical; the tolerance is for what a new Chromium, FreeType or Skia does to the
edges of glyphs, a shade lighter or darker (under CHANNEL) or a few pixels along a curve (under
PIXELS). A changed word moves hundreds of pixels by far more than CHANNEL, and a changed colour
of a button or a background thousands; the self-test shows both fail."""
import base64
import io
import json
import pathlib
import sys
import urllib.request

from PIL import Image, ImageChops, ImageDraw, ImageFont

CHANNEL = 48
PIXELS = 40
SCALE = 2

# Each image: its file name (without the scheme), the preview it is cut from, as
# #preview-PLATFORM-LOCALE-SCREEN in the editor, and the channel whose editor shows it: beta has
# POLICY with a minimum OS a device running the SDK can be below (gallery_document), production
# that with iOS at its end of life (end_of_life_document). docs/screens.md
# captions each.
SCREENS = [
    ("checking", "ios-en-checking", "beta"),
    ("update-required", "ios-en-required", "beta"),
    ("end-of-life", "ios-en-end-of-life", "production"),
    ("update-recommended", "ios-en-recommended", "beta"),
    ("banner", "ios-en-banner", "beta"),
    ("banner-details", "ios-en-dialog", "beta"),
    ("device-unsupported", "ios-en-device-unsupported", "beta"),
    ("sign-in-email", "ios-en-sign-in", "beta"),
    ("sign-in-code", "ios-en-sign-in-code", "beta"),
    ("sign-in-error", "ios-en-sign-in-error", "beta"),
    ("welcome", "ios-en-welcome", "beta"),
]
SCHEMES = ("light", "dark")

# docs/console.md's pictures: the screenshot of console-test each is cut from, and the box kept
# (left, top, right, bottom). They show the demo as console-test leaves it, so they are not
# compared, only cut again when the pages change.
CONSOLE_DOCS = {
    "sign-in": ("390-sign-in.png", (0, 0, 390, 640)),
    "apps": ("390-apps.png", (0, 0, 390, 790)),
    "editor": ("editor.png", (0, 0, 1400, 957)),
    "impact": ("guard.png", (460, 170, 1370, 410)),
    "history": ("390-history.png", (0, 0, 390, 1130)),
    "exemptions": ("390-exemptions.png", (0, 0, 390, 960)),
    "adoption": ("390-adoption.png", (0, 0, 390, 1000)),
}
WIDTH, HEIGHT = 1280, 1000


def render(base, token, out, policy):
    # Imported here so that compare and self-test need only Pillow.
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from console_browser.support import sign_in_with_token, start_chrome

    # The policy on the demo app's beta channel, and its end-of-life twin on production, through
    # the admin API as an operator's script would; the twin blocks every iOS install of the demo,
    # which the publish guard asks to confirm.
    document = gallery_document(json.loads(pathlib.Path(policy).read_text()))
    for channel, published in [("beta", document), ("production", end_of_life_document(document))]:
        request = urllib.request.Request(f"{base}/v1/admin/apps/demo/policy?channel={channel}&confirm=true", data=json.dumps(published).encode(), method="PUT",
                                         headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            if response.status != 201:
                raise SystemExit(f"FAIL publishing {policy} to {channel}: {response.status}")

    driver = start_chrome([f"--window-size={WIDTH},{HEIGHT}", f"--force-device-scale-factor={SCALE}", "--force-color-profile=srgb",
                           "--font-render-hinting=none", "--disable-lcd-text", "--hide-scrollbars", "--lang=en-US"])
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": SCALE, "mobile": False})
        if not sign_in_with_token(driver, base, token):
            raise SystemExit(f"FAIL signing in to the console at {base} with the admin token")
        written = 0
        for scheme in SCHEMES:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
            shown = None
            for name, preview, channel in SCREENS:
                if channel != shown:
                    shown = channel
                    driver.get(base + f"/console/apps/demo/policy?channel={channel}")
                    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-ios-en-welcome .phone"))
                    # Nothing focused or hovered: a caret or a focus ring is no part of a screen.
                    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
                phone = driver.find_elements(By.CSS_SELECTOR, f"#preview-{preview} .phone")
                if not phone or phone[0].find_elements(By.CSS_SELECTOR, ".absent"):
                    raise SystemExit(f"FAIL the editor shows no {preview} preview for {policy}")
                # In view, so the page is laid out as a person sees it; the clip is in the page's CSS
                # pixels (scale 1), and the device scale factor makes the image SCALE times as big. It
                # starts where the phone does, half pixels and all: rounded, a phone that a screen
                # more or less moved to another row (its top at .5) came out shifted by a device pixel.
                # The box once the fonts are in and two frames have been painted since the scroll:
                # captured at once, the first phone after a page load once lacked a band of tiles.
                box = driver.execute_async_script(
                    "const [phone, done] = arguments; phone.scrollIntoView({block: 'center'});"
                    "document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => {"
                    "const b = phone.getBoundingClientRect(); done([b.left + window.scrollX, b.top + window.scrollY, b.width, b.height]); })))",
                    phone[0])
                clip = {"x": box[0], "y": box[1], "width": round(box[2]), "height": round(box[3]), "scale": 1}
                shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": clip})
                image = Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")
                image.save(pathlib.Path(out) / f"{scheme}-{name}.png", optimize=True)
                written += 1
        print(f"rendered {written} screens into {out}")
    finally:
        driver.quit()


def gallery_document(document):
    """POLICY with iOS's latest release needing iOS 18.0: the example's 16.0 is below the SDK's own
    minimum (iOS 17), so no device that shows LaunchGate's screens could be told it is too old."""
    newer = json.loads(json.dumps(document))
    newer["platforms"]["ios"]["latest"]["minimumOS"] = "18.0"
    return newer


def end_of_life_document(document):
    """POLICY with iOS at its end of life, its update URL kept: the common case on iOS, where the
    screen has Learn More (the example's own end of life is the Mac's, without an update URL)."""
    retired = json.loads(json.dumps(document))
    retired["platforms"]["ios"]["endOfLife"] = {"message": "Notes has a new app: Notes 3."}
    return retired


def changed_pixels(expected, actual):
    """How many pixels, at scale 1, moved by more than CHANNEL in a channel; None when the sizes differ."""
    if expected.size != actual.size:
        return None
    difference = ImageChops.difference(expected.convert("RGB").reduce(SCALE), actual.convert("RGB").reduce(SCALE))
    # The largest move of a pixel's three channels, then the pixels where it passes CHANNEL.
    largest = ImageChops.lighter(ImageChops.lighter(*difference.split()[:2]), difference.split()[2])
    return largest.point(lambda v: 255 if v > CHANNEL else 0).histogram()[255]


def compare(expected_folder, actual_folder):
    expected = {p.name: p for p in pathlib.Path(expected_folder).glob("*.png")}
    actual = {p.name: p for p in pathlib.Path(actual_folder).glob("*.png")}
    failed = 0
    for name in sorted(expected.keys() | actual.keys()):
        if name not in actual:
            print(f"FAIL {name}: committed, but no longer rendered")
        elif name not in expected:
            print(f"FAIL {name}: rendered, but not committed in {expected_folder}")
        else:
            with Image.open(expected[name]) as old, Image.open(actual[name]) as new:
                changed = changed_pixels(old, new)
                if changed is None:
                    print(f"FAIL {name}: {new.size[0]} × {new.size[1]} px, the committed one {old.size[0]} × {old.size[1]}")
                elif changed > PIXELS:
                    print(f"FAIL {name}: {changed} pixels differ by more than {CHANNEL} (at most {PIXELS} may)")
                else:
                    print(f"ok   {name}" + (f" ({changed} pixels within the tolerance)" if changed else ""))
                    continue
        failed += 1
    print(f"screens: {len(expected) - failed if failed <= len(expected) else 0} of {len(expected)} images match docs/screens/")
    return 1 if failed else 0


def self_test():
    """A phone-like image with a title and a button, drawn at scale 1 and enlarged to SCALE as the
    gallery's are rendered; the comparison must see a word and a colour change."""
    font_path = pathlib.Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    font = ImageFont.truetype(str(font_path), 18) if font_path.exists() else ImageFont.load_default(18)

    def phone(title, button=(10, 132, 255)):
        image = Image.new("RGB", (220, 400), (255, 255, 255))
        draw = ImageDraw.Draw(image)
        draw.text((30, 150), title, fill=(17, 17, 17), font=font)
        draw.rounded_rectangle((20, 320, 200, 356), radius=10, fill=button)
        return image.resize((220 * SCALE, 400 * SCALE), Image.NEAREST)

    base = phone("Update required")
    jitter = base.copy()
    # Antialiasing noise: every pixel a shade off, and PIXELS edge pixels (at scale 1) well off.
    jitter = Image.eval(jitter, lambda v: min(255, v + 6))
    for x in range(PIXELS):
        for dx in range(SCALE):
            for dy in range(SCALE):
                jitter.putpixel(((30 + x) * SCALE + dx, 160 * SCALE + dy), (128, 128, 128))
    cases = [("the same image", base.copy(), True), ("antialiasing noise", jitter, True),
             ("a changed word", phone("Update requested"), False), ("a changed button colour", phone("Update required", (52, 199, 89)), False),
             ("another size", base.crop((0, 0, 220 * SCALE, 380 * SCALE)), False)]
    wrong = 0
    for name, image, same in cases:
        changed = changed_pixels(base, image)
        passes = changed is not None and changed <= PIXELS
        ok = passes == same
        wrong += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name} {'passes' if same else 'fails'} the comparison ({changed} pixels changed)")
    if wrong:
        raise SystemExit("screens.py self-test failed")


def console_docs(shots, docs):
    """Each picture cut out and reduced to 64 colours: text on flat colours needs no more, and it
    keeps the seven pictures under 200 KB."""
    pathlib.Path(docs).mkdir(parents=True, exist_ok=True)
    for name, (source, box) in CONSOLE_DOCS.items():
        with Image.open(pathlib.Path(shots) / source) as image:
            cut = image.convert("RGB").crop(box).quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
            cut.save(pathlib.Path(docs) / f"{name}.png", optimize=True)
    print(f"cut {len(CONSOLE_DOCS)} pictures into {docs}")


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "render" and len(sys.argv) == 6:
        render(*sys.argv[2:6])
    elif command == "compare" and len(sys.argv) == 4:
        sys.exit(compare(*sys.argv[2:4]))
    elif command == "self-test":
        self_test()
    elif command == "console-docs" and len(sys.argv) in (3, 4):
        console_docs(sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else str(pathlib.Path(__file__).resolve().parent.parent / "docs/console"))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
