/* Kesar gateway simulator: a small in-page checkout dialog shared by the simulated scripts. */
var __kesarSimDialog = (spec) => {
  var overlay = document.createElement('div');
  overlay.setAttribute('data-gateway-simulator', spec.gateway);
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483000;background:rgba(20,12,6,.55);display:flex;align-items:center;justify-content:center;font-family:system-ui,Arial,sans-serif';
  var box = document.createElement('div');
  var titleId = `kesar-sim-title-${Math.random().toString(36).slice(2)}`;
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-modal', 'true');
  box.setAttribute('aria-labelledby', titleId);
  box.style.cssText =
    'background:#fff;color:#222;border-radius:10px;padding:20px 22px;width:min(360px,92vw);box-shadow:0 12px 40px rgba(0,0,0,.3)';
  var title = document.createElement('h2');
  title.id = titleId;
  title.textContent = spec.title;
  title.style.cssText = `margin:0 0 4px;font-size:18px;color:${spec.color || '#0b3d91'}`;
  box.appendChild(title);
  var note = document.createElement('p');
  note.textContent = 'Simulated checkout — no real money moves.';
  note.style.cssText = 'margin:0 0 12px;font-size:12px;color:#555';
  box.appendChild(note);
  (spec.lines || []).forEach((line) => {
    var p = document.createElement('p');
    p.textContent = line;
    p.style.cssText = 'margin:0 0 6px;font-size:15px';
    box.appendChild(p);
  });
  var error = document.createElement('p');
  error.setAttribute('role', 'alert');
  error.style.cssText = 'margin:8px 0 0;color:#b00020;font-size:13px;min-height:1em';
  box.appendChild(error);
  var row = document.createElement('div');
  row.style.cssText = 'display:flex;gap:8px;margin-top:14px;flex-wrap:wrap';
  var buttons = [];
  var styles = { Approve: '#1b7f3b', Decline: '#b3261e', Cancel: '#5f5f5f' };
  (spec.buttons || []).forEach((b) => {
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = b.label;
    button.style.cssText =
      'flex:1;min-width:90px;padding:10px 12px;border:0;border-radius:6px;font-size:15px;font-weight:600;cursor:pointer;color:#fff;background:' +
      (styles[b.label] || '#333');
    button.addEventListener('click', () => {
      b.onClick();
    });
    buttons.push(button);
    row.appendChild(button);
  });
  box.appendChild(row);
  overlay.appendChild(box);
  document.body.appendChild(overlay);
  if (buttons[0]) buttons[0].focus();
  return {
    close: () => {
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
    },
    busy: (on) => {
      buttons.forEach((b) => {
        b.disabled = on;
        b.style.opacity = on ? '0.6' : '1';
      });
    },
    error: (message) => {
      error.textContent = message;
    },
  };
};
var __kesarSimPost = (url, body) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) =>
    response.json().then((data) => ({ ok: response.ok, status: response.status, data: data })),
  );
