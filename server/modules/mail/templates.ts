/**
 * The mails' words, one typed table per language (the server cannot read the web app's
 * Lingui catalogs, and a mail is a handful of sentences). Each kind answers a subject, its
 * paragraphs and, for the mails that ask for something, one link: its label and the path it
 * opens under PUBLIC_URL. A missing kind or language is a compile error.
 */
import type { Language } from '../../../common/rules';
import type { MailKind, MailParams } from './kinds';

export interface MailContent {
  subject: string;
  paragraphs: string[];
  action?: { label: string; path: string };
}

interface Catalog {
  greeting: (name: string) => string;
  /** Under every mail: why it was sent, and that nobody asks for a password by mail. */
  footer: string;
  /** Above the link written out, for a reader whose mail program shows no button. */
  linkFallback: string;
  kinds: { [K in MailKind]: (params: MailParams[K]) => MailContent };
}

const tokenPath = (page: string, token: string) => `/${page}?token=${encodeURIComponent(token)}`;

const en: Catalog = {
  greeting: (name) => `Hello ${name},`,
  footer:
    'You receive this mail because of your TradeWallet account. We never ask for your password by mail.',
  linkFallback: 'If the button does not work, open this address:',
  kinds: {
    verify_email: ({ token }) => ({
      subject: 'Confirm your email address',
      paragraphs: [
        'Please confirm that this is your email address. The link works once and for 24 hours.',
        'If you did not create an account, ignore this mail.',
      ],
      action: { label: 'Confirm email', path: tokenPath('verify-email', token) },
    }),
    reset_password: ({ token }) => ({
      subject: 'Reset your password',
      paragraphs: [
        'Someone asked to reset the password of your account. The link works once and for 30 minutes.',
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', path: tokenPath('reset-password', token) },
    }),
    password_changed: () => ({
      subject: 'Your password was changed',
      paragraphs: [
        'The password of your account was changed and every session was signed out.',
        'If this was not you, reset your password now and contact support.',
      ],
      action: { label: 'Reset password', path: '/forgot-password' },
    }),
    deposit_credited: ({ amount }) => ({
      subject: 'Deposit credited',
      paragraphs: [`Your deposit of ${amount} USDT was credited to your wallet.`],
    }),
    withdrawal_approved: ({ amount, transactionHash }) => ({
      subject: 'Withdrawal sent',
      paragraphs: [
        `Your withdrawal of ${amount} USDT was approved and sent.`,
        `Transaction hash: ${transactionHash}`,
      ],
    }),
    withdrawal_rejected: ({ amount, reason }) => ({
      subject: 'Withdrawal rejected',
      paragraphs: [
        `Your withdrawal of ${amount} USDT was rejected and the amount is back in your wallet.`,
        `Reason: ${reason}`,
      ],
    }),
    transfer_received: ({ amount, sender }) => ({
      subject: 'Transfer received',
      paragraphs: [`You received ${amount} USDT from ${sender}.`],
    }),
    kyc_approved: () => ({
      subject: 'Identity verified',
      paragraphs: ['Your identity verification was approved.'],
    }),
    kyc_rejected: ({ reason }) => ({
      subject: 'Identity verification rejected',
      paragraphs: [
        'Your identity verification was rejected. You can send a new request.',
        `Reason: ${reason}`,
      ],
    }),
    two_factor_enabled: () => ({
      subject: 'Two-factor authentication turned on',
      paragraphs: [
        'Two-factor authentication was turned on for your account.',
        'If this was not you, reset your password now and contact support.',
      ],
    }),
    two_factor_disabled: () => ({
      subject: 'Two-factor authentication turned off',
      paragraphs: [
        'Two-factor authentication was turned off for your account. Withdrawals are paused for 24 hours.',
        'If this was not you, reset your password now and contact support.',
      ],
    }),
    new_device_sign_in: ({ time, address, device }) => ({
      subject: 'New sign-in to your account',
      paragraphs: [
        'Your account was signed in to from a device we had not seen before.',
        `Time: ${time}. Address: ${address}. Device: ${device}.`,
        'If this was not you, reset your password now.',
      ],
    }),
  },
};

const es: Catalog = {
  greeting: (name) => `Hola, ${name}:`,
  footer:
    'Recibes este correo por tu cuenta de TradeWallet. Nunca te pediremos tu contraseña por correo.',
  linkFallback: 'Si el botón no funciona, abre esta dirección:',
  kinds: {
    verify_email: ({ token }) => ({
      subject: 'Confirma tu dirección de correo',
      paragraphs: [
        'Confirma que esta es tu dirección de correo. El enlace sirve una vez y durante 24 horas.',
        'Si no creaste una cuenta, ignora este correo.',
      ],
      action: { label: 'Confirmar correo', path: tokenPath('verify-email', token) },
    }),
    reset_password: ({ token }) => ({
      subject: 'Restablece tu contraseña',
      paragraphs: [
        'Alguien pidió restablecer la contraseña de tu cuenta. El enlace sirve una vez y durante 30 minutos.',
        'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
      ],
      action: { label: 'Elegir una contraseña nueva', path: tokenPath('reset-password', token) },
    }),
    password_changed: () => ({
      subject: 'Tu contraseña se ha cambiado',
      paragraphs: [
        'La contraseña de tu cuenta se ha cambiado y se han cerrado todas las sesiones.',
        'Si no fuiste tú, restablece tu contraseña ahora y contacta con soporte.',
      ],
      action: { label: 'Restablecer contraseña', path: '/forgot-password' },
    }),
    deposit_credited: ({ amount }) => ({
      subject: 'Depósito abonado',
      paragraphs: [`Tu depósito de ${amount} USDT se ha abonado en tu billetera.`],
    }),
    withdrawal_approved: ({ amount, transactionHash }) => ({
      subject: 'Retiro enviado',
      paragraphs: [
        `Tu retiro de ${amount} USDT se ha aprobado y enviado.`,
        `Hash de la transacción: ${transactionHash}`,
      ],
    }),
    withdrawal_rejected: ({ amount, reason }) => ({
      subject: 'Retiro rechazado',
      paragraphs: [
        `Tu retiro de ${amount} USDT se ha rechazado y el importe ha vuelto a tu billetera.`,
        `Motivo: ${reason}`,
      ],
    }),
    transfer_received: ({ amount, sender }) => ({
      subject: 'Transferencia recibida',
      paragraphs: [`Has recibido ${amount} USDT de ${sender}.`],
    }),
    kyc_approved: () => ({
      subject: 'Identidad verificada',
      paragraphs: ['Tu verificación de identidad se ha aprobado.'],
    }),
    kyc_rejected: ({ reason }) => ({
      subject: 'Verificación de identidad rechazada',
      paragraphs: [
        'Tu verificación de identidad se ha rechazado. Puedes enviar una nueva solicitud.',
        `Motivo: ${reason}`,
      ],
    }),
    two_factor_enabled: () => ({
      subject: 'Verificación en dos pasos activada',
      paragraphs: [
        'Se ha activado la verificación en dos pasos de tu cuenta.',
        'Si no fuiste tú, restablece tu contraseña ahora y contacta con soporte.',
      ],
    }),
    two_factor_disabled: () => ({
      subject: 'Verificación en dos pasos desactivada',
      paragraphs: [
        'Se ha desactivado la verificación en dos pasos de tu cuenta. Los retiros quedan en pausa durante 24 horas.',
        'Si no fuiste tú, restablece tu contraseña ahora y contacta con soporte.',
      ],
    }),
    new_device_sign_in: ({ time, address, device }) => ({
      subject: 'Nuevo inicio de sesión en tu cuenta',
      paragraphs: [
        'Se ha iniciado sesión en tu cuenta desde un dispositivo que no conocíamos.',
        `Hora: ${time}. Dirección: ${address}. Dispositivo: ${device}.`,
        'Si no fuiste tú, restablece tu contraseña ahora.',
      ],
    }),
  },
};

const fr: Catalog = {
  greeting: (name) => `Bonjour ${name},`,
  footer:
    'Vous recevez ce message en raison de votre compte TradeWallet. Nous ne demandons jamais votre mot de passe par e-mail.',
  linkFallback: 'Si le bouton ne fonctionne pas, ouvrez cette adresse :',
  kinds: {
    verify_email: ({ token }) => ({
      subject: 'Confirmez votre adresse e-mail',
      paragraphs: [
        'Confirmez que cette adresse e-mail est bien la vôtre. Le lien sert une fois et pendant 24 heures.',
        'Si vous n’avez pas créé de compte, ignorez ce message.',
      ],
      action: { label: 'Confirmer l’e-mail', path: tokenPath('verify-email', token) },
    }),
    reset_password: ({ token }) => ({
      subject: 'Réinitialisez votre mot de passe',
      paragraphs: [
        'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte. Le lien sert une fois et pendant 30 minutes.',
        'Si ce n’était pas vous, ignorez ce message : votre mot de passe ne change pas.',
      ],
      action: {
        label: 'Choisir un nouveau mot de passe',
        path: tokenPath('reset-password', token),
      },
    }),
    password_changed: () => ({
      subject: 'Votre mot de passe a été modifié',
      paragraphs: [
        'Le mot de passe de votre compte a été modifié et toutes les sessions ont été fermées.',
        'Si ce n’était pas vous, réinitialisez votre mot de passe maintenant et contactez le support.',
      ],
      action: { label: 'Réinitialiser le mot de passe', path: '/forgot-password' },
    }),
    deposit_credited: ({ amount }) => ({
      subject: 'Dépôt crédité',
      paragraphs: [`Votre dépôt de ${amount} USDT a été crédité sur votre portefeuille.`],
    }),
    withdrawal_approved: ({ amount, transactionHash }) => ({
      subject: 'Retrait envoyé',
      paragraphs: [
        `Votre retrait de ${amount} USDT a été approuvé et envoyé.`,
        `Hash de la transaction : ${transactionHash}`,
      ],
    }),
    withdrawal_rejected: ({ amount, reason }) => ({
      subject: 'Retrait refusé',
      paragraphs: [
        `Votre retrait de ${amount} USDT a été refusé et le montant est revenu sur votre portefeuille.`,
        `Motif : ${reason}`,
      ],
    }),
    transfer_received: ({ amount, sender }) => ({
      subject: 'Virement reçu',
      paragraphs: [`Vous avez reçu ${amount} USDT de ${sender}.`],
    }),
    kyc_approved: () => ({
      subject: 'Identité vérifiée',
      paragraphs: ['Votre vérification d’identité a été approuvée.'],
    }),
    kyc_rejected: ({ reason }) => ({
      subject: 'Vérification d’identité refusée',
      paragraphs: [
        'Votre vérification d’identité a été refusée. Vous pouvez envoyer une nouvelle demande.',
        `Motif : ${reason}`,
      ],
    }),
    two_factor_enabled: () => ({
      subject: 'Double authentification activée',
      paragraphs: [
        'La double authentification a été activée sur votre compte.',
        'Si ce n’était pas vous, réinitialisez votre mot de passe maintenant et contactez le support.',
      ],
    }),
    two_factor_disabled: () => ({
      subject: 'Double authentification désactivée',
      paragraphs: [
        'La double authentification a été désactivée sur votre compte. Les retraits sont suspendus pendant 24 heures.',
        'Si ce n’était pas vous, réinitialisez votre mot de passe maintenant et contactez le support.',
      ],
    }),
    new_device_sign_in: ({ time, address, device }) => ({
      subject: 'Nouvelle connexion à votre compte',
      paragraphs: [
        'Une connexion à votre compte a eu lieu depuis un appareil inconnu.',
        `Heure : ${time}. Adresse : ${address}. Appareil : ${device}.`,
        'Si ce n’était pas vous, réinitialisez votre mot de passe maintenant.',
      ],
    }),
  },
};

const de: Catalog = {
  greeting: (name) => `Hallo ${name},`,
  footer:
    'Du erhältst diese E-Mail wegen deines TradeWallet-Kontos. Wir fragen nie per E-Mail nach deinem Passwort.',
  linkFallback: 'Falls die Schaltfläche nicht funktioniert, öffne diese Adresse:',
  kinds: {
    verify_email: ({ token }) => ({
      subject: 'Bestätige deine E-Mail-Adresse',
      paragraphs: [
        'Bitte bestätige, dass dies deine E-Mail-Adresse ist. Der Link gilt einmal und 24 Stunden lang.',
        'Wenn du kein Konto angelegt hast, ignoriere diese E-Mail.',
      ],
      action: { label: 'E-Mail bestätigen', path: tokenPath('verify-email', token) },
    }),
    reset_password: ({ token }) => ({
      subject: 'Passwort zurücksetzen',
      paragraphs: [
        'Jemand möchte das Passwort deines Kontos zurücksetzen. Der Link gilt einmal und 30 Minuten lang.',
        'Wenn du das nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
      ],
      action: { label: 'Neues Passwort wählen', path: tokenPath('reset-password', token) },
    }),
    password_changed: () => ({
      subject: 'Dein Passwort wurde geändert',
      paragraphs: [
        'Das Passwort deines Kontos wurde geändert und alle Sitzungen wurden abgemeldet.',
        'Wenn du das nicht warst, setze dein Passwort jetzt zurück und wende dich an den Support.',
      ],
      action: { label: 'Passwort zurücksetzen', path: '/forgot-password' },
    }),
    deposit_credited: ({ amount }) => ({
      subject: 'Einzahlung gutgeschrieben',
      paragraphs: [`Deine Einzahlung von ${amount} USDT wurde deiner Wallet gutgeschrieben.`],
    }),
    withdrawal_approved: ({ amount, transactionHash }) => ({
      subject: 'Auszahlung gesendet',
      paragraphs: [
        `Deine Auszahlung von ${amount} USDT wurde genehmigt und gesendet.`,
        `Transaktions-Hash: ${transactionHash}`,
      ],
    }),
    withdrawal_rejected: ({ amount, reason }) => ({
      subject: 'Auszahlung abgelehnt',
      paragraphs: [
        `Deine Auszahlung von ${amount} USDT wurde abgelehnt; der Betrag ist wieder in deiner Wallet.`,
        `Grund: ${reason}`,
      ],
    }),
    transfer_received: ({ amount, sender }) => ({
      subject: 'Überweisung erhalten',
      paragraphs: [`Du hast ${amount} USDT von ${sender} erhalten.`],
    }),
    kyc_approved: () => ({
      subject: 'Identität bestätigt',
      paragraphs: ['Deine Identitätsprüfung wurde genehmigt.'],
    }),
    kyc_rejected: ({ reason }) => ({
      subject: 'Identitätsprüfung abgelehnt',
      paragraphs: [
        'Deine Identitätsprüfung wurde abgelehnt. Du kannst einen neuen Antrag stellen.',
        `Grund: ${reason}`,
      ],
    }),
    two_factor_enabled: () => ({
      subject: 'Zwei-Faktor-Authentifizierung aktiviert',
      paragraphs: [
        'Für dein Konto wurde die Zwei-Faktor-Authentifizierung aktiviert.',
        'Wenn du das nicht warst, setze dein Passwort jetzt zurück und wende dich an den Support.',
      ],
    }),
    two_factor_disabled: () => ({
      subject: 'Zwei-Faktor-Authentifizierung deaktiviert',
      paragraphs: [
        'Für dein Konto wurde die Zwei-Faktor-Authentifizierung deaktiviert. Auszahlungen sind 24 Stunden lang gesperrt.',
        'Wenn du das nicht warst, setze dein Passwort jetzt zurück und wende dich an den Support.',
      ],
    }),
    new_device_sign_in: ({ time, address, device }) => ({
      subject: 'Neue Anmeldung bei deinem Konto',
      paragraphs: [
        'Bei deinem Konto hat sich ein Gerät angemeldet, das wir noch nicht kannten.',
        `Zeit: ${time}. Adresse: ${address}. Gerät: ${device}.`,
        'Wenn du das nicht warst, setze dein Passwort jetzt zurück.',
      ],
    }),
  },
};

const zh: Catalog = {
  greeting: (name) => `${name}，您好：`,
  footer: '您收到此邮件是因为您的 TradeWallet 账户。我们绝不会通过邮件索要您的密码。',
  linkFallback: '如果按钮无法使用，请打开此地址：',
  kinds: {
    verify_email: ({ token }) => ({
      subject: '请确认您的邮箱地址',
      paragraphs: [
        '请确认这是您的邮箱地址。该链接仅可使用一次，24 小时内有效。',
        '如果您没有注册账户，请忽略此邮件。',
      ],
      action: { label: '确认邮箱', path: tokenPath('verify-email', token) },
    }),
    reset_password: ({ token }) => ({
      subject: '重置您的密码',
      paragraphs: [
        '有人请求重置您账户的密码。该链接仅可使用一次，30 分钟内有效。',
        '如果不是您本人操作，请忽略此邮件：您的密码不会改变。',
      ],
      action: { label: '设置新密码', path: tokenPath('reset-password', token) },
    }),
    password_changed: () => ({
      subject: '您的密码已更改',
      paragraphs: [
        '您账户的密码已更改，所有会话均已退出。',
        '如果不是您本人操作，请立即重置密码并联系客服。',
      ],
      action: { label: '重置密码', path: '/forgot-password' },
    }),
    deposit_credited: ({ amount }) => ({
      subject: '充值已到账',
      paragraphs: [`您的 ${amount} USDT 充值已存入您的钱包。`],
    }),
    withdrawal_approved: ({ amount, transactionHash }) => ({
      subject: '提现已发出',
      paragraphs: [`您的 ${amount} USDT 提现已批准并发出。`, `交易哈希：${transactionHash}`],
    }),
    withdrawal_rejected: ({ amount, reason }) => ({
      subject: '提现被拒绝',
      paragraphs: [`您的 ${amount} USDT 提现被拒绝，金额已退回您的钱包。`, `原因：${reason}`],
    }),
    transfer_received: ({ amount, sender }) => ({
      subject: '收到转账',
      paragraphs: [`您收到了来自 ${sender} 的 ${amount} USDT。`],
    }),
    kyc_approved: () => ({
      subject: '身份已验证',
      paragraphs: ['您的身份验证已通过。'],
    }),
    kyc_rejected: ({ reason }) => ({
      subject: '身份验证被拒绝',
      paragraphs: ['您的身份验证被拒绝。您可以重新提交申请。', `原因：${reason}`],
    }),
    two_factor_enabled: () => ({
      subject: '双重验证已开启',
      paragraphs: ['您的账户已开启双重验证。', '如果不是您本人操作，请立即重置密码并联系客服。'],
    }),
    two_factor_disabled: () => ({
      subject: '双重验证已关闭',
      paragraphs: [
        '您的账户已关闭双重验证。提现将暂停 24 小时。',
        '如果不是您本人操作，请立即重置密码并联系客服。',
      ],
    }),
    new_device_sign_in: ({ time, address, device }) => ({
      subject: '您的账户有新的登录',
      paragraphs: [
        '您的账户在一台我们未见过的设备上登录。',
        `时间：${time}。地址：${address}。设备：${device}。`,
        '如果不是您本人操作，请立即重置密码。',
      ],
    }),
  },
};

export const CATALOGS: Record<Language, Catalog> = { en, es, fr, de, zh };
