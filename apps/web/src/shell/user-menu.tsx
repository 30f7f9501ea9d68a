import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n';

/** How long the menu stays once the pointer has left it (crossing the gap to the list). */
const LEAVE_MS = 150;

/**
 * A signed-in user's name and avatar in the header, with 个人中心 and 退出登录 (spec §2/§4).
 * Plain markup: every signed-in page shows it, 我的学习 (a learner's first page after login)
 * among them, which loads no antd. It opens on a click (a tap) or as a mouse rests on it, and
 * closes on leaving it, a click elsewhere, Escape or a choice.
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
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(leaving.current), []);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div
      className="user-menu"
      ref={root}
      // a mouse resting on it opens it; a finger's tap is a click (no hover on a phone)
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        clearTimeout(leaving.current);
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        leaving.current = setTimeout(() => setOpen(false), LEAVE_MS);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="user-trigger"
        data-testid="user-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span className="user-avatar" aria-hidden="true">
          {avatar ? <img src={avatar} alt="" /> : username.slice(0, 1)}
        </span>
        <span className="user-name">{username}</span>
      </button>
      {open && (
        // the gap below the trigger is the pop-up's own padding: the pointer crosses it inside the menu
        <div className="user-menu-pop">
          <ul className="user-menu-list" role="menu" aria-label={username}>
            <li role="none">
              <button type="button" role="menuitem" onClick={choose(() => navigate('/setting/personalCenter'))}>
                {t('header.personalCenter')}
              </button>
            </li>
            <li role="none">
              <button type="button" role="menuitem" className="danger" onClick={choose(onLogout)}>
                {t('header.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
