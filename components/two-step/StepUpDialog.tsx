'use client';

import { Form, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useStepUpFields, type Proof } from './StepUpFields';

/** What a step-up that is also the change's confirmation says: its question, the change's note, its button. */
export interface StepUpPrompt {
  title?: string;
  content?: string;
  ok?: string;
  danger?: boolean;
}

/**
 * Asks the second factor before a change (issue 26): `send` makes the change with the proof and
 * answers its refusal's message, or undefined when it was done (the dialog then closes).
 */
export function StepUpDialog({
  open,
  prompt = {},
  methods,
  send,
  onClose,
}: {
  open: boolean;
  prompt?: StepUpPrompt;
  methods: { totp: boolean; passkey: boolean };
  send: (proof: Proof) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const t = useTranslations('twoStep.stepUp');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function submit(proof: Proof | undefined) {
    if (!proof) return;
    setSending(true);
    const refused = await send(proof);
    setSending(false);
    setError(refused);
    if (!refused) onClose();
  }

  const { fields, read } = useStepUpFields({ ...methods, onPasskey: (proof) => void submit(proof), error });
  return (
    <Modal
      open={open}
      title={prompt.title ?? t('title')}
      okText={prompt.ok ?? t('confirm')}
      okButtonProps={{ danger: prompt.danger, style: methods.totp ? undefined : { display: 'none' } }}
      confirmLoading={sending}
      onOk={() => void submit(read())}
      onCancel={() => (setError(undefined), onClose())}
      destroyOnHidden
    >
      {prompt.content && <p>{prompt.content}</p>}
      <Form layout="vertical" onFinish={() => void submit(read())}>
        {fields}
      </Form>
    </Modal>
  );
}
