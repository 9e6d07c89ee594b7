// rules.html: when this page is a tab of its own that a link of the game opened beside the game
// (a rule code in small print, How to play's link: target=_blank), "Back to the game" closes the
// tab, and the game's own tab shows as it was, instead of a second copy of the game opening at
// its start screen. Anywhere else (the page opened by its address, or a tab the browser will not
// let a script close) the link goes to the game as a link does.
const back = document.querySelector("nav a[href='./']");
if (back && history.length === 1 && document.referrer.startsWith(location.origin)) {
  back.addEventListener("click", (event) => {
    event.preventDefault();
    window.close();
    setTimeout(() => location.assign(back.href), 300); // still open: the browser refused
  });
}
