/* Internet Explorer cannot run the app (it has no ES modules, so only this nomodule script
   runs there): a non-closable 温馨提示 dialog says so (spec §1). ES5 on purpose. */
(function () {
  var box = document.createElement('div');
  box.setAttribute('role', 'alertdialog');
  box.style.cssText =
    'position:fixed;top:0;left:0;right:0;bottom:0;z-index:9999;background:rgba(0,0,0,.45);font-family:Microsoft YaHei,sans-serif';
  box.innerHTML =
    '<div style="width:420px;margin:160px auto 0;background:#fff;border-radius:6px;padding:24px">' +
    '<h3 style="margin:0 0 12px;font-size:16px">\u6e29\u99a8\u63d0\u793a</h3>' +
    '<p style="margin:0;line-height:1.7">\u60a8\u7684\u6d4f\u89c8\u5668\u7248\u672c\u8fc7\u4f4e\uff0c\u6682\u4e0d\u652f\u6301\u672c\u7cfb\u7edf\uff0c' +
    '\u8bf7\u4f7f\u7528Chrome\u3001Edge\u6216Firefox\u7b49\u73b0\u4ee3\u6d4f\u89c8\u5668\u8bbf\u95ee\u3002</p></div>';
  document.body.appendChild(box);
})();
