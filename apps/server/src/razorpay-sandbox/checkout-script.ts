/**
 * The sandbox's stand-in for Razorpay's checkout.js: `new Razorpay(options)`, `.on('payment.failed', fn)`,
 * `.open()`, and `options.handler(response)` on success. It shows the amount with Pay and Fail buttons; the
 * buttons ask the sandbox to settle the payment, which signs the answer exactly as Razorpay does.
 */
export const SANDBOX_CHECKOUT_JS = String.raw`(function () {
  'use strict';
  var BASE = '/api/payments/sandbox';

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text) node.textContent = text;
    return node;
  }

  function Razorpay(options) {
    if (!options || !options.key || !options.order_id) throw new Error('Razorpay: key and order_id are required');
    this.options = options;
    this.listeners = {};
  }

  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (fn) { fn(payload); });
  };

  Razorpay.prototype.close = function () {
    if (this.overlay && this.overlay.parentNode) this.overlay.parentNode.removeChild(this.overlay);
    document.removeEventListener('keydown', this.onKey);
    this.overlay = null;
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var o = this.options;
    var overlay = el('div', { 'data-razorpay-sandbox': '', style: 'position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif' });
    var box = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rzp-sandbox-title', style: 'background:#fff;color:#0f172a;border-radius:12px;padding:24px;width:min(360px,90vw);box-shadow:0 20px 50px rgba(0,0,0,.3)' });
    box.appendChild(el('h2', { id: 'rzp-sandbox-title', style: 'margin:0 0 4px;font-size:18px' }, 'Razorpay Sandbox'));
    box.appendChild(el('p', { style: 'margin:0 0 16px;color:#475569;font-size:14px' }, (o.name || '') + (o.description ? ' · ' + o.description : '')));
    box.appendChild(el('p', { 'data-amount': '', style: 'margin:0 0 4px;font-size:28px;font-weight:700' }, '\u20B9' + (Number(o.amount) / 100).toFixed(2)));
    box.appendChild(el('p', { style: 'margin:0 0 16px;color:#64748b;font-size:12px' }, 'Order ' + o.order_id + ' · test mode, no money moves'));
    var status = el('p', { role: 'status', style: 'min-height:20px;margin:0 0 12px;font-size:14px;color:#b91c1c' });
    box.appendChild(status);
    var row = el('div', { style: 'display:flex;gap:8px' });
    var pay = el('button', { type: 'button', style: 'flex:1;padding:10px;border:0;border-radius:8px;background:#2563eb;color:#fff;font-weight:600;cursor:pointer' }, 'Pay');
    var fail = el('button', { type: 'button', style: 'flex:1;padding:10px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;color:#b91c1c;font-weight:600;cursor:pointer' }, 'Fail');
    var cancel = el('button', { type: 'button', style: 'padding:10px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;cursor:pointer' }, 'Cancel');
    row.appendChild(pay); row.appendChild(fail); row.appendChild(cancel);
    box.appendChild(row);
    overlay.appendChild(box);

    function settle(outcome) {
      pay.disabled = true; fail.disabled = true;
      status.textContent = 'Processing...';
      return fetch(BASE + '/orders/' + encodeURIComponent(o.order_id) + '/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: outcome })
      }).then(function (res) { return res.json(); });
    }

    pay.addEventListener('click', function () {
      settle('success').then(function (response) {
        if (!response || !response.razorpay_payment_id) throw new Error('payment not completed');
        self.close();
        if (typeof o.handler === 'function') o.handler(response);
      }).catch(function () {
        status.textContent = 'The payment could not be completed.';
        pay.disabled = false; fail.disabled = false;
      });
    });
    fail.addEventListener('click', function () {
      settle('failure').then(function (response) {
        status.textContent = 'Payment failed';
        pay.disabled = false; fail.disabled = false;
        self.emit('payment.failed', response);
      });
    });
    function dismiss() {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }
    cancel.addEventListener('click', dismiss);
    this.onKey = function (event) { if (event.key === 'Escape') dismiss(); };
    document.addEventListener('keydown', this.onKey);
    this.overlay = overlay;
    document.body.appendChild(overlay);
    pay.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
