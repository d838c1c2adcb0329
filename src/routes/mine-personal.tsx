/**
 * Personal info (/mine/personal): the avatar (pick an image, see it, then upload it through the
 * multipart /shard/memberUploadImg and save its url with /personal/update) and the nickname (2-16
 * characters after trimming, as contract/calls/member.ts personalUpdateSchema says, and the characters
 * contract/names.ts allows; the server's refusal shows beside the field), with the id, the account and
 * the join date below.
 */
import '../styles/mine.css';
import '../styles/forms.css';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import type { UserInfo } from '../../contract/calls/account.ts';
import { updatePersonal, uploadImage } from '../features/account/personal-calls.ts';
import { paths } from '../lib/route-paths.ts';
import { Avatar } from '../components/avatar.tsx';
import { FormField } from '../components/form-field.tsx';
import { IconChevron } from '../components/icons.tsx';
import { IconCamera } from '../components/member-icons.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { formatDate } from '../lib/format.ts';
import { shrinkImage } from '../lib/shrink-image.ts';
import { useUserRefresh } from '../features/account/use-user-refresh.ts';
import { nameProblem, normaliseName, type NameProblem } from '../../contract/names.ts';
import { isValidNickname } from '../../contract/validate.ts';
import { accountMessages } from '../features/account/account-messages.ts';
import { showToast } from '../stores/toast.ts';
import { setUserInfo, userState } from '../stores/user.ts';

const t = accountMessages.personal;
/** contract/calls/member.ts UPLOAD_MAX_BYTES (5 MiB), repeated: the contract module is types-only here (it carries zod). */
const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

const NAME_PROBLEM: Record<NameProblem, string> = {
  blank: t.nicknameBlank,
  invisible: t.nicknameInvisible,
  marks: t.nicknameMarks,
};

/** The form's own hint; the server's rules go further (reserved words, look-alikes) and its message shows here too. */
function nicknameError(value: string): string | null {
  if (!value.trim()) return t.nicknameRequired;
  const problem = nameProblem(normaliseName(value));
  if (problem) return NAME_PROBLEM[problem];
  return isValidNickname(value) ? null : t.nicknameLength;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function AvatarEditor({ info }: { info: UserInfo }) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: Blob; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.preview);
    },
    [picked],
  );

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be picked again
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(t.avatarNotImage);
    const shrunk = await shrinkImage(file);
    if (shrunk.size > UPLOAD_MAX_BYTES) return setError(t.avatarTooLarge);
    setPicked({ file: shrunk, preview: URL.createObjectURL(shrunk) });
  };

  const save = async () => {
    if (!picked) return;
    setBusy(true);
    setError(null);
    try {
      const { url } = await uploadImage(picked.file);
      setUserInfo(await updatePersonal({ avatar: url }));
      setPicked(null);
      showToast(t.avatarSaved, { kind: 'success' });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card avatar-editor" aria-label={t.avatar}>
      <button
        type="button"
        className="avatar-editor__picture"
        onClick={() => input.current?.click()}
        aria-label={t.changeAvatar}
        disabled={busy}
      >
        <Avatar src={picked?.preview ?? info.avatar} name={info.nickname} size={96} />
        <span className="avatar-editor__badge" aria-hidden="true">
          <IconCamera />
        </span>
      </button>
      <input ref={input} type="file" accept="image/*" hidden onChange={pick} data-testid="avatar-input" />
      {picked ? (
        <div className="avatar-editor__actions">
          <button type="button" className="button button--ghost" onClick={() => setPicked(null)} disabled={busy}>
            {t.cancel}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={save}
            disabled={busy}
            data-testid="avatar-save"
          >
            {busy ? t.uploading : t.saveAvatar}
          </button>
        </div>
      ) : (
        <button type="button" className="link-button" onClick={() => input.current?.click()}>
          {t.changeAvatar}
        </button>
      )}
      {error ? (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      ) : (
        <p className="avatar-editor__hint">{t.avatarHint}</p>
      )}
    </section>
  );
}

function NicknameForm({ info }: { info: UserInfo }) {
  const [value, setValue] = useState(info.nickname);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const error = serverError ?? (touched ? nicknameError(value) : null);
  const unchanged = value.trim() === info.nickname;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || nicknameError(value) || unchanged) return;
    setBusy(true);
    try {
      const updated = await updatePersonal({ nickname: value.trim() });
      setUserInfo(updated);
      setValue(updated.nickname);
      showToast(t.nicknameSaved, { kind: 'success' });
    } catch (failure) {
      setServerError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card nickname-form" onSubmit={submit} noValidate>
      <div className="nickname-form__row">
        <FormField
          label={t.nickname}
          name="nickname"
          maxLength={24}
          placeholder={t.nicknamePlaceholder}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          error={error}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || unchanged}
          data-testid="nickname-save"
        >
          {busy ? t.saving : t.save}
        </button>
      </div>
    </form>
  );
}

export default function MinePersonalScreen() {
  useUserRefresh();
  const { info } = useSnapshot(userState);
  if (!info) return <PageLoading />;
  return (
    <div className="settings">
      <AvatarEditor info={info} />
      <NicknameForm key={info.nickname} info={info} />
      <section className="card settings-group settings-group--rows">
        <div className="setting-row">
          <span className="setting-row__text">{t.id}</span>
          <span className="setting-row__value">{info.id}</span>
        </div>
        {info.account ? (
          <div className="setting-row">
            <span className="setting-row__text">{t.account}</span>
            <span className="setting-row__value">{info.account}</span>
          </div>
        ) : (
          <Link href={paths.register()} className="setting-row">
            <span className="setting-row__text">{t.account}</span>
            <span className="setting-row__value">
              {t.unbound} · {t.bind}
            </span>
            <IconChevron className="setting-row__chevron" />
          </Link>
        )}
        <div className="setting-row">
          <span className="setting-row__text">{t.joined}</span>
          <span className="setting-row__value">{formatDate(info.createdAt)}</span>
        </div>
      </section>
    </div>
  );
}
