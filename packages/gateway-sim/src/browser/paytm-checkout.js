/* Simulated Paytm JS Checkout: window.Paytm.CheckoutJS.onLoad/init/invoke/close. */
(() => {
  var src = document.currentScript?.src || '';
  var base = src.replace(/\/merchantpgpui\/checkoutjs\/merchants\/[^/]+\.js(?:\?.*)?$/, '');
  var config = null;
  var dialog = null;
  function notify(name, data) {
    if (config?.handler && typeof config.handler.notifyMerchant === 'function') {
      config.handler.notifyMerchant(name, data);
    }
  }
  var CheckoutJS = {
    onLoad: (callback) => {
      setTimeout(callback, 0);
    },
    init: (c) => {
      if (!c?.data?.token || !c.data.orderId || !c.merchant?.mid) {
        return Promise.reject(
          new Error('Invalid configuration: data.orderId, data.token and merchant.mid are required'),
        );
      }
      config = c;
      return Promise.resolve();
    },
    invoke: () => {
      if (!config) throw new Error('CheckoutJS.init must be called first');
      var data = config.data;
      function pay(outcome) {
        dialog.busy(true);
        __kesarSimPost(`${base}/checkout/pay`, {
          mid: config.merchant.mid,
          orderId: data.orderId,
          txnToken: data.token,
          outcome: outcome,
        })
          .then((result) => {
            if (!result.ok) {
              dialog.busy(false);
              dialog.error(result.data.resultInfo?.resultMsg || 'Payment could not be processed');
              return;
            }
            if (config.handler && typeof config.handler.transactionStatus === 'function') {
              config.handler.transactionStatus(result.data);
            }
          })
          .catch(() => {
            dialog.busy(false);
            dialog.error('Network error. Please try again.');
          });
      }
      dialog = __kesarSimDialog({
        gateway: 'paytm',
        title: 'Paytm',
        color: '#00b9f1',
        lines: [`Order ${data.orderId}`, `Amount: ₹${Number(data.amount).toFixed(2)}`],
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
              CheckoutJS.close();
              notify('APP_CLOSED', { message: 'Payment page closed' });
            },
          },
        ],
      });
    },
    close: () => {
      if (dialog) dialog.close();
      dialog = null;
    },
  };
  window.Paytm = window.Paytm || {};
  window.Paytm.CheckoutJS = CheckoutJS;
})();
