/**
 * The shared messages the pages the server draws can show (the converter, forms, errors): they come
 * with the first catalog; the rest (messages-ru-later.ts) with the pages that need them (issue 43:
 * the home page's first scripts).
 */
export const RU_PUBLIC_MESSAGES = {
  'validation.required': 'Это поле обязательно',
  'validation.minLength': 'Минимум {value} символов',
  'validation.maxLength': 'Максимум {value} символов',
  'validation.pattern': 'Неверное значение',
  'validation.minValue': 'Минимальное значние: {value}',
  'validation.maxValue': 'Максимальное значние: {value}',
  'validation.email': 'Неверный формат почты',
  'validation.passwordsDiffer': 'Пароли не совпадают',
  'validation.passwordRule': 'Нужны строчная и заглавная латинские буквы и спецсимвол',
  'validation.passwordCommon': 'Этот пароль слишком распространён, выберите другой',
  'validation.passwordPersonal': 'Пароль не должен содержать имя пользователя или e-mail',
  'validation.passwordWeak': 'Такой пароль легко подобрать: сделайте его длиннее или добавьте неочевидные слова',
  'validation.usernameChars': 'Только латинские буквы, цифры и знаки _ . -',
  'validation.agreeRules': 'Необходимо согласиться с правилами',
  'validation.forbiddenCharacter': 'Поле содержит недопустимый символ',
  'validation.cardNumber': 'Неверный номер карты',
  'validation.addressChecksum':
    'В адресе опечатка: не сходится контрольная сумма. Скопируйте адрес из кошелька ещё раз',
  'validation.agreeAml': 'Необходимо принять условия AML/KYC',
  'validation.ticketNumber': 'Номер заявки — это цифры, например 100123',
  'exchange.balanceBelowHeld': 'Открытые заявки удерживают {held}: баланс не может быть меньше',
  'exchange.belowMin': 'Меньше минимальной суммы',
  'exchange.aboveMax': 'Больше максимальной суммы',
  'exchange.overLimit': 'Превышен лимит',
  'exchange.limitOverflow': 'В резерве {most} {valute}: уменьшите сумму',
  'exchange.ticketShare': 'Одна заявка может занять не больше {most} {valute}: уменьшите сумму',
  'exchange.directionUnavailable': 'Данное направление недоступно',
  'exchange.tooManyDecimals': 'Не больше {value} знаков после запятой',
  'exchange.unknownCurrency': 'Такой валюты нет',
  'exchange.promoInvalid': 'Промокод недействителен',
  'exchange.promoHeldByYou':
    'Этот промокод уже в вашей открытой заявке № {number}: отмените её, чтобы применить код здесь',
  'exchange.promoMinimum': 'Промокод действует на обмен от {value} ₽',
  'error.unexpected': 'Произошла непредвиденная ошибка',
  'error.conflict': 'Это только что изменили в другом окне: обновите страницу и попробуйте снова',
  'error.notFound': 'Не найдено',
  'error.pageNotFound': 'Страница не найдена',
  'error.timeout':
    'Проблемы с интернет-соединением: сервер не ответил вовремя. Проверьте подключение и попробуйте ещё раз',
  'error.tooManyRequests': 'Слишком много запросов. Попробуйте позже',
  'error.unavailable': 'Сервис временно недоступен',
  'error.badRequest': 'Некорректный запрос',
  'error.tooLarge': 'Слишком большой запрос',
  'error.unsupportedMediaType': 'Неподдерживаемый формат запроса',
} as const;
