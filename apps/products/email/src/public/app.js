// The Email product's page script: sends the forms as JSON (with the console's CSRF token, since
// the page runs under the console's origin), shows errors next to their fields, and talks to the
// console around the iframe with postMessage (console:toast, console:navigate, console:resize,
// console:ready), addressed to this page's own origin only — the console's, through its proxy; and
// follows the console's theme live (console:theme), so a change of theme keeps what was typed.
(function () {
  'use strict';
  var root = document.getElementById('app');
  if (!root) return;
  var config = JSON.parse(root.getAttribute('data-config') || '{}');
  var texts = config.texts || {};
  var inFrame = window.parent && window.parent !== window;

  function post(message) {
    if (inFrame) window.parent.postMessage(message, window.location.origin);
  }
  function cookie(name) {
    var found = document.cookie.split('; ').find(function (part) { return part.indexOf(name + '=') === 0; });
    return found ? decodeURIComponent(found.slice(name.length + 1)) : '';
  }
  function alertBox(kind, message, links) {
    var box = document.getElementById('alert');
    box.textContent = '';
    if (!message) { box.className = ''; return; }
    box.className = 'alert alert-' + kind;
    var text = document.createElement('span');
    text.textContent = message;
    box.appendChild(text);
    (links || []).forEach(function (link) {
      var a = document.createElement('a');
      a.href = link.href;
      a.textContent = link.text;
      if (link.tab) a.setAttribute('data-tab', link.tab);
      box.appendChild(document.createTextNode(' '));
      box.appendChild(a);
    });
  }
  function clearFieldErrors(form) {
    form.querySelectorAll('.field-error').forEach(function (node) { node.textContent = ''; });
    form.querySelectorAll('[aria-invalid]').forEach(function (node) { node.removeAttribute('aria-invalid'); });
  }
  function showFieldErrors(form, errors) {
    var first;
    Object.keys(errors || {}).forEach(function (field) {
      var slot = form.querySelector('#' + field + '-error');
      var input = form.querySelector('#' + field);
      if (slot) slot.textContent = errors[field];
      if (input) { input.setAttribute('aria-invalid', 'true'); first = first || input; }
    });
    if (first) first.focus();
  }
  function valuesOf(form) {
    var values = {};
    new FormData(form).forEach(function (value, key) { values[key] = String(value); });
    return values;
  }

  function submitJson(form, method, onSuccess) {
    var button = form.querySelector('button[type=submit]');
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var label = button.textContent;
      clearFieldErrors(form);
      alertBox('', '');
      button.disabled = true;
      button.textContent = texts.sending || label;
      var init = {
        method: method,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-csrf-token': cookie(config.csrfCookie || 'csrfToken') },
      };
      init.body = JSON.stringify(valuesOf(form));
      fetch(form.getAttribute('action'), init)
        .then(function (response) {
          return response.text().then(function (text) {
            var body = {};
            try { body = JSON.parse(text); } catch { body = {}; }
            return { ok: response.ok, body: body };
          });
        })
        .then(function (result) {
          if (result.ok) return onSuccess(result.body);
          var error = result.body.error || {};
          var message = error.message || (result.body.header && result.body.header.resultMessage) || texts.errGeneric;
          showFieldErrors(form, error.fieldErrors);
          alertBox('error', message, error.settings ? [{ href: config.settingsUrl, text: texts.goToSettings, tab: 'settings' }] : []);
          post({ type: 'console:toast', level: 'error', message: message });
        })
        .catch(function () {
          alertBox('error', texts.errGeneric);
        })
        .finally(function () {
          button.disabled = false;
          button.textContent = label;
          resize();
        });
    });
    // Served disabled (ui.ts submitButton): usable once this script sends the form.
    if (button.hasAttribute('data-script-enables')) button.disabled = false;
  }

  // Times come in UTC; shown in the browser's own time zone, in the page's language.
  document.querySelectorAll('time[datetime]').forEach(function (node) {
    var date = new Date(node.getAttribute('datetime'));
    if (!isNaN(date.getTime())) node.textContent = date.toLocaleString(document.documentElement.lang || undefined);
  });

  var sendForm = document.getElementById('send-form');
  if (sendForm) {
    submitJson(sendForm, 'POST', function (body) {
      var mails = body.mails || [];
      var failed = mails.some(function (mail) { return mail.mailStatusCode === 'FAILED'; });
      var message = failed ? texts.partlyFailed : texts.sentToast;
      alertBox(failed ? 'warning' : 'success', message, [{ href: config.historyUrl, text: texts.viewHistory, tab: 'history' }]);
      post({ type: 'console:toast', level: failed ? 'warning' : 'success', message: message });
      sendForm.querySelector('#receiverList').value = '';
      sendForm.querySelector('#title').value = '';
      sendForm.querySelector('#body').value = '';
    });
  }
  var settingsForm = document.getElementById('settings-form');
  if (settingsForm) {
    submitJson(settingsForm, 'PUT', function () {
      post({ type: 'console:toast', level: 'success', message: texts.savedToast });
      window.location.reload();
    });
  }

  // Email Insights: each project id replaced by its name from the console's project list, read as
  // the viewer through the console's own API (this page runs under the console's origin, framed by
  // its proxy): a project the viewer may not see stays unnamed. Opened outside the console, the
  // call fails and the ids stay.
  if (config.page === 'org' && config.orgId && document.querySelector('tr[data-project-id]')) {
    fetch('/api/cab/v5/projects?orgId=' + encodeURIComponent(config.orgId) + '&limit=5000', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (body) {
        if (!body || !Array.isArray(body.projects)) return;
        var names = {};
        body.projects.forEach(function (project) { names[project.projectId] = project.projectName; });
        document.querySelectorAll('tr[data-project-id] td.project').forEach(function (cell) {
          var id = cell.parentElement.getAttribute('data-project-id');
          cell.textContent = Object.prototype.hasOwnProperty.call(names, id) ? names[id] : texts.projectHidden;
          cell.classList.add(Object.prototype.hasOwnProperty.call(names, id) ? 'named' : 'hidden-project');
        });
      })
      .catch(function () { /* the ids stay */ });
  }

  // Tab links: the console keeps its own tab (the product page's hash) in step.
  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element ? event.target.closest('a[data-tab]') : null;
    if (link) post({ type: 'console:navigate', tab: link.getAttribute('data-tab') });
  });

  // The console's theme, live: the page's colours, and the theme its links, forms and own address
  // carry (a reload or the next page stays in it). Heard only from the console around the frame.
  function withTheme(url, theme) {
    var parsed = new URL(url, window.location.href);
    if (parsed.origin !== window.location.origin || !parsed.searchParams.has('theme')) return url;
    parsed.searchParams.set('theme', theme);
    return parsed.pathname + parsed.search + parsed.hash;
  }
  window.addEventListener('message', function (event) {
    if (!inFrame || event.source !== window.parent || event.origin !== window.location.origin) return;
    var data = event.data;
    if (!data || data.type !== 'console:theme' || (data.theme !== 'light' && data.theme !== 'dark')) return;
    var theme = data.theme;
    document.documentElement.setAttribute('data-theme', theme);
    document.querySelectorAll('a[href]').forEach(function (link) { link.setAttribute('href', withTheme(link.getAttribute('href'), theme)); });
    document.querySelectorAll('form[action]').forEach(function (form) { form.setAttribute('action', withTheme(form.getAttribute('action'), theme)); });
    ['settingsUrl', 'historyUrl'].forEach(function (key) { if (typeof config[key] === 'string') config[key] = withTheme(config[key], theme); });
    window.history.replaceState(window.history.state, '', withTheme(window.location.href, theme));
  });
  post({ type: 'console:ready', accepts: ['console:theme'] });

  function resize() {
    post({ type: 'console:resize', height: Math.ceil(document.documentElement.scrollHeight) });
  }
  window.addEventListener('load', resize);
  if (typeof ResizeObserver === 'function') new ResizeObserver(resize).observe(document.body);
})();
