// The course editor's Out / In / Total, kept up to date as yardages and pars are typed.
// Without this file the "Update totals" button asks the server for them.
(function () {
  "use strict";

  function number(input) {
    var value = input.value.trim();
    return /^[0-9]+$/.test(value) ? Number(value) : 0;
  }

  function sum(form, selector, from, to) {
    var inputs = form.querySelectorAll(selector);
    var total = 0;
    for (var i = from; i < to && i < inputs.length; i++) total += number(inputs[i]);
    return total;
  }

  function refresh(form) {
    var nine = form.querySelector('input[name="holes"][value="9"]');
    var back = !(nine && nine.checked);
    var sums = {
      "out-yards": sum(form, "[data-yards]", 0, 9),
      "in-yards": back ? sum(form, "[data-yards]", 9, 18) : 0,
      "out-par": sum(form, "[data-par]", 0, 9),
      "in-par": back ? sum(form, "[data-par]", 9, 18) : 0
    };
    sums["total-yards"] = sums["out-yards"] + sums["in-yards"];
    sums["total-par"] = sums["out-par"] + sums["in-par"];
    Object.keys(sums).forEach(function (key) {
      var cells = form.querySelectorAll('[data-sum="' + key + '"]');
      for (var i = 0; i < cells.length; i++) cells[i].textContent = sums[key].toLocaleString("en-US");
    });
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("#course-editor");
    if (form) refresh(form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("#course-editor");
    if (form) refresh(form);
  });
})();
