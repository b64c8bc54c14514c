/* Simulated PayPal JS SDK: window.paypal.Buttons({createOrder,onApprove,onError,onCancel}).render(el). */
(() => {
  var script = document.currentScript;
  var src = script?.src || '';
  var base = src.replace(/\/sdk\/js(?:\?.*)?$/, '');
  var query = new URL(src, window.location.href).searchParams;
  var clientId = query.get('client-id') || '';
  var currency = query.get('currency') || 'USD';
  function Buttons(options) {
    options = options || {};
    function fail(error) {
      if (typeof options.onError === 'function') options.onError(error);
    }
    function start() {
      var orderId;
      Promise.resolve()
        .then(() => options.createOrder({ paymentSource: 'paypal' }, {}))
        .then((id) => {
          orderId = id;
          if (!orderId) throw new Error('Expected an order id to be passed');
          var dialog = __kesarSimDialog({
            gateway: 'paypal',
            title: 'PayPal',
            color: '#003087',
            lines: [`Order ${orderId}`, `Currency: ${currency}`],
            buttons: [
              {
                label: 'Approve',
                onClick: () => {
                  approve('approve');
                },
              },
              {
                label: 'Decline',
                onClick: () => {
                  approve('decline');
                },
              },
              {
                label: 'Cancel',
                onClick: () => {
                  dialog.close();
                  if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderId });
                },
              },
            ],
          });
          function approve(outcome) {
            dialog.busy(true);
            __kesarSimPost(`${base}/checkoutnow/approve`, {
              token: orderId,
              client_id: clientId,
              outcome: outcome,
            })
              .then((result) => {
                dialog.close();
                if (!result.ok) throw new Error(result.data.message || 'Approval failed');
                return options.onApprove(
                  { orderID: orderId, payerID: result.data.payerID, paymentSource: 'paypal' },
                  {},
                );
              })
              .catch(fail);
          }
        })
        .catch(fail);
    }
    return {
      isEligible: () => true,
      render: (target) => {
        var el = typeof target === 'string' ? document.querySelector(target) : target;
        if (!el) return Promise.reject(new Error('Document is not ready or the container was not found'));
        var button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('aria-label', 'PayPal');
        button.textContent = 'Pay with PayPal';
        button.style.cssText =
          'width:100%;min-height:45px;border:0;border-radius:23px;background:#ffc439;color:#003087;font:700 16px system-ui,Arial,sans-serif;cursor:pointer';
        button.addEventListener('click', start);
        el.appendChild(button);
        return Promise.resolve();
      },
    };
  }
  window.paypal = { Buttons: Buttons, version: 'kesar-simulator' };
})();
