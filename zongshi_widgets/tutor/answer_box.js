/*
 * The answer box of a question lesson: a text field and a Check button. Enter in the field
 * and a click on Check both send the text itself in one message ({event: "submit", value}),
 * an empty text too, so Python judges exactly what the learner submitted (never an older
 * value still on its way, and never nothing at all for an empty box).
 */
function render({ model, el }) {
  const input = document.createElement("input");
  input.type = "text";
  input.className = "zw-answer-input";
  input.placeholder = model.get("placeholder");
  input.setAttribute("aria-label", model.get("placeholder") || "your answer");
  input.value = model.get("value");
  const check = document.createElement("button");
  check.type = "button";
  check.className = "zw-answer-check";
  check.textContent = model.get("button");
  const submit = () => {
    model.set("value", input.value);
    model.save_changes();
    model.send({ event: "submit", value: input.value });
  };
  // the notebook's own shortcuts stay out of the field (as in Jupyter's text widgets)
  for (const kind of ["keydown", "keypress", "keyup"]) {
    input.addEventListener(kind, (e) => e.stopPropagation());
  }
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });
  input.addEventListener("input", () => {
    model.set("value", input.value);
    model.save_changes();
  });
  check.addEventListener("click", submit);
  const onValue = () => {
    if (input.value !== model.get("value")) input.value = model.get("value");
  };
  model.on("change:value", onValue);
  el.classList.add("zw-answer-box");
  el.append(input, check);
  return () => model.off("change:value", onValue);
}

export default { render };
