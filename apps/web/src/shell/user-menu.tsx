import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { useIsMobile } from './use-is-mobile';

/** How long a mouse rests on the avatar before the list opens, and stays away before it closes (antd's delays). */
const HOVER_MS = 150;

/**
 * A signed-in user's name and avatar in the header, with 个人中心 and 退出登录 (spec §2/§4).
 * Plain markup: every signed-in page shows it, 我的学习 (a learner's first page after login)
 * among them, which loads no antd. A disclosure, not an ARIA menu: the avatar's button opens
 * and closes the list (a click, a tap, or a mouse resting on it), Tab walks its two buttons,
 * and it closes when the focus or the pointer leaves it, on a click elsewhere, on Escape or on
 * a choice.
 */
export function UserMenu({
  username,
  avatar,
  onLogout,
}: {
  username: string;
  avatar: string | null;
  onLogout(): void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  // an avatar whose image will not load shows the initial, as antd's did (until the avatar changes)
  const [brokenAvatar, setBrokenAvatar] = useState<string | undefined>();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const hover = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const later = (next: boolean) => {
    clearTimeout(hover.current);
    hover.current = setTimeout(() => setOpen(next), HOVER_MS);
  };

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // the focus goes back to the avatar only from inside the list
      if (root.current?.contains(document.activeElement)) trigger.current?.focus();
      setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(hover.current), []);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div
      className="user-menu"
      ref={root}
      // a mouse resting on it opens it; a finger's tap is a click (no hover on a phone)
      onPointerEnter={(event) => event.pointerType === 'mouse' && later(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && later(false)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="user-trigger"
        data-testid="user-menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          clearTimeout(hover.current);
          setOpen((o) => !o);
        }}
      >
        <span className="user-avatar" aria-hidden="true">
          {avatar && avatar !== brokenAvatar ? (
            <img src={avatar} alt="" onError={() => setBrokenAvatar(avatar)} />
          ) : (
            username.slice(0, 1)
          )}
        </span>
        {/* a phone shows the avatar alone; the name stays the button's name for a screen reader */}
        <span className={isMobile ? 'user-name visually-hidden' : 'user-name'}>{username}</span>
      </button>
      {open && (
        // the gap below the avatar is the pop-up's own padding: the pointer crosses it inside the menu
        <div className="user-menu-pop">
          <ul className="user-menu-list" id={listId}>
            <li>
              <button type="button" onClick={choose(() => navigate('/setting/personalCenter'))}>
                {t('header.personalCenter')}
              </button>
            </li>
            <li>
              <button type="button" className="danger" onClick={choose(onLogout)}>
                {t('header.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
