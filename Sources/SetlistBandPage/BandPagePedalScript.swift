/// A page-turner pedal on the band page: it sends arrow keys, Page Up/Down or space, and turns the
/// member's own chart a screen at a time. It only scrolls this phone: the phone follows the band
/// and never asks the server anything for it.
extension BandPageDocument {
    static let pedalScript = """
        const pedalKeys = {ArrowDown: 1, ArrowRight: 1, PageDown: 1, " ": 1, ArrowUp: -1, ArrowLeft: -1, PageUp: -1};
        function pedal(event) {
          const way = pedalKeys[event.key], target = event.target;
          if (!way || event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
          // Typing stays typing: a field, a menu (its arrows choose) and editable text keep their keys.
          if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
          event.preventDefault();
          // A button the member tapped last keeps the focus: a pedal's space must not press it again.
          if (target && target.tagName === "BUTTON") target.blur();
          // Nine tenths of a screen: the last line read stays in sight at the top.
          const back = way < 0 || (event.key === " " && event.shiftKey);
          window.scrollBy(0, (back ? -1 : 1) * Math.round(window.innerHeight * 0.9));
        }
        """
}
