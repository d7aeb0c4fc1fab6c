import { FIELDS, type FieldKey, type Locale } from './fields.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const BASE_CSS = `html,body{margin:0;padding:0;background:transparent;height:100%}
body{font:16px/1.25 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933}
.field{height:100%}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
input{box-sizing:border-box;width:100%;height:100%;min-height:2.5rem;border:0;outline:none;background:transparent;font:inherit;color:inherit;padding:0 .75rem}
input::placeholder{color:#5c6b77}`;

/** A hosted field frame page: one labelled input and the frame script (docs/PAYMENTS.md). */
export function hostedFieldPage(input: { field: FieldKey; channel: string; origin: string; locale: Locale }): string {
  const def = FIELDS[input.field];
  const { locale } = input;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(def.title[locale])}</title>
<style>${BASE_CSS}</style>
</head>
<body data-field="${input.field}" data-channel="${escapeHtml(input.channel)}" data-origin="${escapeHtml(input.origin)}">
<div class="field">
<label class="visually-hidden" for="field">${escapeHtml(def.label[locale])}</label>
<input id="field" name="${input.field}" type="text" autocomplete="${def.autocomplete}" inputmode="${def.inputMode}" autocorrect="off" autocapitalize="off" spellcheck="false" aria-invalid="false">
</div>
<script src="/hosted-fields/frame.js"></script>
</body>
</html>`;
}

/** A small error page (e.g. a parent origin not on SANDBOX_ALLOWED_ORIGINS). */
export function errorPage(title: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></main></body></html>`;
}
