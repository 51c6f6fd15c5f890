extension ConsoleAssets {
    /// One stylesheet: system fonts, visible focus, a dark scheme that follows the system, and
    /// phone-sized previews.
    static let stylesheet = """
        :root { color-scheme: light dark; --bg: #f6f7f9; --card: #ffffff; --text: #16181d; --muted: #5b6270; --line: #d5d9e0;
          --accent: #1f5fd1; --accent-text: #ffffff; --error: #b3261e; --error-bg: #fdecea; --ok-bg: #e7f4ea; --warn: #8a5300;
          --added: #e6f4ea; --removed: #fce8e6; --focus: #f59e0b; --phone: #ffffff; --phone-text: #111111; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #111318; --card: #1b1e25; --text: #e8eaef; --muted: #a3aab8; --line: #343946; --accent: #7aa7ff; --accent-text: #0b1020;
            --error: #ffb4ab; --error-bg: #3b1a17; --ok-bg: #17301f; --warn: #f5c26b; --added: #173320; --removed: #3d1c1a; --phone: #000000;
            --phone-text: #f2f2f2; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
        a { color: var(--accent); }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        .skip { position: absolute; left: -9999px; } .skip:focus { left: 8px; top: 8px; background: var(--card); padding: 8px; z-index: 10; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        header.top { display: flex; align-items: center; gap: 24px; padding: 12px 24px; background: var(--card); border-bottom: 1px solid var(--line); flex-wrap: wrap; }
        .brand { font-weight: 700; text-decoration: none; color: var(--text); font-size: 18px; }
        header nav a { margin-right: 16px; }
        .sign-out { margin-left: auto; display: flex; gap: 12px; align-items: center; }
        .who { color: var(--muted); font-size: 14px; }
        main { padding: 24px; max-width: 1500px; margin: 0 auto; }
        h1 { font-size: 26px; margin: 0 0 12px; } h2 { font-size: 20px; margin: 0 0 8px; } h3 { font-size: 16px; margin: 16px 0 8px; }
        .muted { color: var(--muted); font-weight: 400; font-size: 0.85em; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 16px 20px; margin-bottom: 16px; }
        .narrow { max-width: 460px; margin: 40px auto; }
        .narrow-left { max-width: 560px; margin-top: 24px; }
        code.hash { font-size: 12px; overflow-wrap: anywhere; }
        .table-wrap { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; font-size: 15px; }
        th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
        .actions a { margin-right: 16px; }
        label { display: block; font-weight: 600; margin-bottom: 4px; }
        .check label { display: inline; }
        input[type=text], input[type=password], textarea, select { width: 100%; font: inherit; padding: 8px 10px; border: 1px solid var(--muted);
          border-radius: 6px; background: var(--card); color: var(--text); }
        select { width: auto; }
        textarea { resize: vertical; }
        textarea.code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 14px; white-space: pre; overflow: auto; }
        details.advanced { margin: 16px 0; }
        details.advanced summary { cursor: pointer; font-weight: 600; }
        input[type=checkbox] { width: 18px; height: 18px; vertical-align: middle; }
        .field { margin-bottom: 14px; }
        .hint { margin: 4px 0 0; color: var(--muted); font-size: 14px; }
        .invalid input, .invalid textarea { border-color: var(--error); border-width: 2px; }
        .error { color: var(--error); background: var(--error-bg); padding: 6px 10px; border-radius: 6px; margin: 6px 0; }
        .field-error { font-size: 14px; }
        ul.error { padding-left: 30px; }
        .field input, .field textarea, .field select { scroll-margin-top: 64px; }
        .notice { background: var(--ok-bg); padding: 8px 12px; border-radius: 6px; }
        .warn { color: var(--warn); font-weight: 600; }
        button { font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent);
          color: var(--accent-text); cursor: pointer; }
        button.secondary { background: transparent; color: var(--accent); }
        button[disabled] { opacity: 0.5; cursor: not-allowed; }
        form.inline { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; margin-bottom: 16px; }
        form.inline label { margin: 0; }
        fieldset { border: 1px solid var(--line); border-radius: 10px; padding: 12px 16px; margin: 0 0 16px; background: var(--card); }
        legend { font-weight: 700; padding: 0 6px; }
        .editor { display: grid; grid-template-columns: minmax(300px, 420px) 1fr; gap: 24px; align-items: start; }
        @media (max-width: 900px) { .editor { grid-template-columns: 1fr; } }
        .preview-pane[aria-busy=true], form[aria-busy=true] .preview-pane { opacity: 0.7; }
        .counts { display: flex; gap: 24px; flex-wrap: wrap; margin: 8px 0 0; }
        .counts div { min-width: 120px; } .counts dt { color: var(--muted); font-size: 14px; } .counts dd { margin: 0; font-size: 20px; font-weight: 700; }
        pre.diff { font: 13px/1.45 ui-monospace, Menlo, Consolas, monospace; background: var(--bg); padding: 8px; border-radius: 6px; overflow-x: auto; margin: 8px 0; }
        pre.diff span { display: block; white-space: pre-wrap; }
        pre.diff .added { background: var(--added); } pre.diff .removed { background: var(--removed); }
        .badge { font-size: 12px; background: var(--ok-bg); padding: 2px 6px; border-radius: 4px; }
        td.note { white-space: pre-wrap; max-width: 320px; overflow-wrap: anywhere; }
        .phones { display: flex; flex-wrap: wrap; gap: 16px; }
        .phone-frame { margin: 0; width: 220px; }
        .phone-frame figcaption { font-size: 13px; font-weight: 600; color: var(--muted); margin-bottom: 4px; }
        .phone { width: 220px; height: 400px; border: 8px solid #2b2f36; border-radius: 28px; background: var(--phone); color: var(--phone-text);
          overflow: hidden; position: relative; font-size: 13px; display: flex; flex-direction: column; }
        .phone .screen { padding: 28px 14px 14px; display: flex; flex-direction: column; gap: 8px; flex: 1; overflow: hidden; }
        .phone .screen-title { font-size: 18px; font-weight: 700; margin: 0; }
        .phone .screen-message, .phone .screen-notes { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
        .phone .screen-notes { color: #6b7280; font-size: 12px; border-left: 3px solid #9ca3af; padding-left: 8px; max-height: 110px; overflow: hidden; }
        .phone .screen-button { display: block; text-align: center; padding: 9px; border-radius: 10px; background: #0a84ff; color: #ffffff; font-weight: 600; }
        .phone .screen-button + .screen-button { background: transparent; color: #0a84ff; }
        .phone .screen-field { display: block; border: 1px solid #9ca3af; border-radius: 8px; padding: 8px; color: #6b7280; }
        .phone.blocking .screen, .phone.fullScreen .screen, .phone.signIn .screen { justify-content: center; text-align: center; }
        .phone.banner .screen { flex: 0 0 auto; margin: 8px; padding: 10px; border-radius: 12px; background: #e8f0fe; color: #111111; gap: 4px; }
        .phone.banner .screen-title { font-size: 14px; }
        .phone.banner .screen-button { display: inline-block; padding: 4px 10px; margin-right: 4px; font-size: 12px; }
        .phone.dialog { background: #6b7280; justify-content: center; }
        .phone.dialog .screen { flex: 0 0 auto; margin: 12px; padding: 14px; border-radius: 14px; background: var(--phone); }
        .phone .absent { padding: 20px 14px; color: #8b919c; font-style: italic; margin: auto 0; text-align: center; }
        figure.chart { margin: 0 0 16px; }
        .chart figcaption { font-weight: 600; margin-bottom: 8px; }
        .chart svg { max-width: 760px; display: block; }
        .chart svg.timeline { max-width: none; height: auto; }
        .chart-axis-line { stroke: var(--muted); stroke-width: 1; }
        .chart-grid { stroke: var(--muted); stroke-width: 1; stroke-dasharray: 3 4; opacity: 0.5; }
        .chart-legend { display: flex; flex-wrap: wrap; gap: 12px; margin: 8px 0 0; padding: 0; list-style: none; font-size: 14px; }
        .chart-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
        .series-0 { fill: #1f5fd1; background: #1f5fd1; } .series-1 { fill: #e8710a; background: #e8710a; }
        .series-2 { fill: #188038; background: #188038; } .series-3 { fill: #a142f4; background: #a142f4; }
        .series-4 { fill: #d01884; background: #d01884; } .series-5 { fill: #12a4af; background: #12a4af; }
        .series-6 { fill: #9aa0a6; background: #9aa0a6; }
        .chart-axis { fill: var(--muted); font-size: 12px; }
        .chart-label, .chart-value { fill: var(--text); font-size: 14px; }
        .chart-bar { fill: var(--accent); }
        """
}
