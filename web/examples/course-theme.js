// course-theme.js — the example course page's theme switch: "Paper" (the default) or "Slate",
// kept in the URL (course.html?theme=slate) so a link shows the same theme. Both themes are
// plain CSS in course.css (custom properties on :root); this only sets data-theme on <html>.
const THEMES = ['paper', 'slate'];
const root = document.documentElement;
const params = new URLSearchParams(location.search);

function apply(theme) {
  if (theme === 'paper') delete root.dataset.theme;
  else root.dataset.theme = theme;
  for (const input of document.querySelectorAll('input[name="course-theme"]')) input.checked = input.value === theme;
}

apply(THEMES.includes(params.get('theme')) ? params.get('theme') : 'paper');
for (const input of document.querySelectorAll('input[name="course-theme"]')) {
  input.addEventListener('change', () => {
    apply(input.value);
    params.set('theme', input.value);
    history.replaceState(null, '', `?${params}${location.hash}`);
  });
}
