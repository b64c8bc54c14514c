/* Simulated Razorpay Checkout.js: window.Razorpay(options).open(), .on('payment.failed'). */
(() => {
  var src = document.currentScript?.src || '';
  var base = src.replace(/\/v1\/checkout\.js(?:\?.*)?$/, '');
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    options = options || {};
    if (!options.key && !options.order_id) throw new Error('No key passed');
    this.options = options;
    this.listeners = {};
    this.dialog = null;
  }
  Razorpay.prototype.on = function (event, callback) {
    this.listeners[event] = callback;
  };
  Razorpay.prototype.close = function () {
    if (this.dialog) this.dialog.close();
    this.dialog = null;
  };
  Razorpay.prototype.open = function () {
    var self = this;
    var o = self.options;
    var amount = (Number(o.amount) / 100).toFixed(2);
    function pay(outcome) {
      self.dialog.busy(true);
      __kesarSimPost(`${base}/checkout/pay`, {
        key_id: o.key,
        order_id: o.order_id,
        amount: Number(o.amount),
        outcome: outcome,
        description: o.description,
        email: o.prefill?.email,
        contact: o.prefill?.contact,
      })
        .then((result) => {
          self.close();
          if (result.ok) {
            if (typeof o.handler === 'function') o.handler(result.data);
          } else if (self.listeners['payment.failed']) {
            self.listeners['payment.failed']({ error: result.data.error });
          }
        })
        .catch(() => {
          self.dialog?.busy(false);
          self.dialog?.error('Network error. Please try again.');
        });
    }
    self.dialog = __kesarSimDialog({
      gateway: 'razorpay',
      title: `${o.name || 'Razorpay'} — Razorpay`,
      color: '#0c2e7a',
      lines: [o.description || 'Payment', `Amount: ${o.currency || 'INR'} ${amount}`],
      buttons: [
        {
          label: 'Approve',
          onClick: () => {
            pay('approve');
          },
        },
        {
          label: 'Decline',
          onClick: () => {
            pay('decline');
          },
        },
        {
          label: 'Cancel',
          onClick: () => {
            self.close();
            if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
          },
        },
      ],
    });
  };
  window.Razorpay = Razorpay;
})();
