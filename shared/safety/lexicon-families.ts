/**
 * Phrases for the families a spent batch (tests/safety/crisis-3.txt) showed the
 * lexicon lacked, in en/es/pt/fr/de, each with the context that makes its words ordinary talk:
 * an overdose or cut under way, means at hand, method questions, plans and dates, quiet wishes,
 * farewells and giving away, hidden self-harm, someone else's crisis now. Over normalised text
 * (normalise.ts: no accents, no apostrophes, "j'ai" is "j ai"). Linear-time like every rule.
 */
import type { CrisisCategory, Rule } from './rules';
import { rule, rx } from './rules';

const PILLS =
  '(?:pills?|tablets?|meds|medication|medicine|antidepressants?|painkillers?|sleeping pills?|oxy\\w*|prescriptions?|pastillas|medicinas|medicamentos?|remedios?|comprimidos|cachets|medicaments|comprimes|somniferes|tabletten|schlaftabletten|pillen|medikamente)';
const SOMEONE =
  '(?:friend|bff|bestie|best friend|sister|brother|gf|girlfriend|bf|boyfriend|roommate|cousin|partner|mi amiga|mi amigo|mi hermana|mi hermano|mi novio|mi novia|minha amiga|meu amigo|minha irma|meu irmao|meu namorado|minha namorada|mon amie|mon ami|ma copine|mon copain|ma soeur|mon frere|meine freundin|mein freund|meine schwester|mein bruder)';
const NO_ANSWER =
  /\b(?:isnt|not|wont|stopped|is not|isn t) (?:answering|replying|picking up|responding)\b|\bwont (?:answer|reply|pick up)\b|\bhung up\b|\bcant reach\b|\b(?:nobody|no one) can reach\b|\bpassing out\b|\bno contesta\b|\bno responde\b|\bnao (?:responde|atende)\b|\brepond (?:plus|pas)\b|\bne repond\b|\bantwortet nicht\b|\bgeht nicht ran\b|\bme colgo\b|\bdesligou\b|\braccroche\b|\baufgelegt\b/;
/** A trip, a party, a project: the ordinary reasons to choose a date or say a last word. */
const ORDINARY_PLAN =
  /\b(?:wedding|party|appointment|exam|test|trip|move|moving|surgery|interview|photoshoot|graduation|vacation|holiday|flight|concert|fiesta|festa|boda|casamento|mariage|hochzeit|cumple\w*|aniversario|anniversaire|geburtstag|examen|exame|prova|viaje|viagem|voyage|reise|cita|rdv|rendez vous|termin|fete|urlaub|vacaciones|ferias|vacances)\b/;

const attempt: Rule[] = [
  rule(
    rx`\btook (?:way |far )?too (?:many|much)(?= \.|$| of (?:my|these|them|those|the) ${PILLS}| ${PILLS}| of them| (?:and|now|help|idk|i feel|my (?:stomach|heart|head)|im scared))`,
    { notIn: /\b(?:yesterday|last week|should i|pharmacist|doctor said|is it bad)\b/ },
  ),
  rule(
    rx`\b(?:took|swallowed|taken|had|downed) half (?:the|a|my) (?:pack|packet|box|bottle|strip|blister)\b|\b(?:gonna|going to|about to|will|ill) (?:take|swallow) the rest(?= \.|$| of (?:them|the pills|the pack|the bottle|the box))`,
  ),
  rule(
    rx`\b(?:pills|meds|tablets|they|everything) (?:are |r |is )?(?:kicking in|starting to (?:work|kick in)|taking effect)\b`,
    {
      alsoIn:
        /\b(?:cant feel|numb|dizzy|scared|heart|hands|legs|took|swallowed|blurry|sorry|help|cant breathe|cant move)\b/,
      notIn: /\b(?:headache|cramps|allerg\w*|migraine|antibiotics|fever|sleepy lol|pain is)\b/,
    },
  ),
  rule(
    rx`\bmixed (?:all |everything |all my |my )?(?:\w+ ){0,4}?(?:pills|meds|medicine|tablets|medicine cabinet|cabinet)\b[^.]{0,30}\b(?:with|and) (?:wine|vodka|alcohol|beer|whiskey|rum|gin|booze|liquor|bleach)\b`,
  ),
  rule(
    rx`\b(?:blade|razor|knife|noose|rope) (?:is |s )?(?:in my hand|right here|next to me|in front of me|on my neck|around my neck)\b|\bholding (?:the|a|my) (?:blade|razor|knife)\b(?= rn| right now| now|$| \.)`,
    {
      notIn:
        /\b(?:shav\w*|legs|cooking|chopping|kitchen|cutting board|vegetables|onions?|bread|cake|carv\w*|pumpkin|steak|butter)\b/,
    },
  ),
  rule(
    rx`\b(?:lame|cuchilla|navaja|lamina|gilete|klinge|rasierklinge|messer|faca|couteau|cuchillo)\b[^.]{0,20}\b(?:dans la main|dans ma main|en la mano|en mi mano|na mao|na minha mao|in (?:meiner|der) hand)\b`,
    { notIn: /\b(?:cocina|cozinha|cuisine|kuche|cebolla|cebola|oignon|zwiebel|pan|pao|brot)\b/ },
  ),
  rule(
    rx`\bbleeding (?:a lot|so much|alot|badly|really bad)\b[^.]{0,40}\b(?:dont want to tell|cant tell|wont tell|hide it|nobody knows|no one knows|dont want anyone)\b|\bblood everywhere\b[^.]{0,30}\b(?:cant|wont) (?:make it )?stop\b`,
  ),
  rule(rx`\b(?:im|i am|i m) doing it (?:now|rn|right now)\b`, {
    alsoIn: /\b(?:sorry|goodbye|bye|forgive|love (?:you|u)|its time)\b/,
  }),
  rule(
    rx`\b(?:lo estoy haciendo|estoy haciendolo|to fazendo|estou fazendo|je le fais|ich mach es|ich mache es) (?:ahora|agora|maintenant|jetzt)\b`,
    {
      alsoIn:
        /\b(?:perdon|perdoname|lo siento|desculpa|perdao|pardon|desole|tut mir leid|verzeih\w*|adios|adeus|adieu|tschuss)\b/,
    },
  ),
  rule(
    rx`\b(?:the )?(?:rope|noose) is (?:up|ready|tied|hung|hanging)\b|\btied (?:the|a|my) (?:belt|rope|cord|scarf) (?:to|around) (?:the|my) (?:door|beam|ceiling|fan|closet|rail|railing|neck)\b`,
    {
      notIn:
        /\b(?:swing|climbing|class|gym|tent|boat|laundry|clothesline|hammock|tire|tyre|decoration\w*|lights|costume|halloween)\b/,
    },
  ),
  rule(
    rx`\bj ai (?:pris|avale) (?:toute la boite|toute la plaquette|tous (?:mes|les) (?:cachets|medicaments|comprimes))\b|\bme (?:tome|trague) (?:toda la caja|la caja entera|todas (?:las|mis) pastillas|el frasco entero|todo el frasco)\b|\b(?:tomei|engoli) (?:a caixa (?:toda|inteira)|todos os (?:remedios|comprimidos)|todos (?:os )?meus (?:remedios|comprimidos)|o frasco (?:todo|inteiro)|a cartela (?:toda|inteira))\b|\b(?:hab|habe) (?:die ganze (?:packung|schachtel)|alle (?:meine )?(?:tabletten|pillen)) (?:genommen|geschluckt)\b`,
  ),
  rule(
    rx`\b(?:pastillas|medicinas|remedios|comprimidos|cachets|medicaments|comprimes|tabletten)\b (?:\w+ ){0,2}?(?:estan haciendo efecto|hacen efecto|estao fazendo efeito|fazendo efeito|font effet|commencent a faire effet|wirken (?:schon|jetzt|bereits))\b`,
    { notIn: /\b(?:cabeza|cabeca|tete|kopf|dolor de|dor de|mal de|kopfschmerz\w*|colica|regla)\b/ },
  ),
];

attempt.push(
  rule(
    rx`\b(?:swallowed|took|downed|taken) the rest of (?:the|my) (?:bottle|pack|pills|box|meds|packet)\b`,
  ),
  rule(
    rx`\b(?:everything|all|todo|tudo|tout|alles) (?:\w+ ){0,6}?(?:medicine cabinet|botiquin|armario de remedios|armoire a pharmacie|medikamentenschrank|hausapotheke)\b`,
    {
      alsoIn:
        /\b(?:took|taken|swallowed|mixed|tome|tomei|trague|engoli|avale|pris|genommen|geschluckt)\b/,
    },
  ),
  rule(
    rx`\b(?:im|its|i am) bleeding\b[^.]{0,40}\b(?:dont want (?:anyone|anybody|to tell)|cant tell|nobody knows|no one knows)\b`,
  ),
);

const method: Rule[] = [
  rule(
    rx`\b(?:stockpil\w*|hoard\w*|saving|saved|collecting|stashing|squirreling away|hiding|hid|putting aside|keeping)\b (?:\w+ ){0,3}?${PILLS}\b`,
    {
      negatable: 'deny',
      notIn:
        /\b(?:headaches?|cramps|period|migraines?|travel|trip|first aid|allerg\w*|purse|vitamins?|organi[sz]er|pharmacy|recycl\w*|dispos\w*|expired|to return)\b/,
    },
  ),
  rule(
    rx`\b${PILLS}\b[^.]{0,50}\b(?:just in case|for when i need|for when im ready|for the day|so (?:nobody|no one) finds)\b`,
    {
      notIn:
        /\b(?:headaches?|cramps|period|migraines?|travel|trip|first aid|allerg\w*|bag|purse|vitamins?)\b/,
    },
  ),
  rule(
    rx`\bfound (?:where|the key|the combination|the code|the keys)\b[^.]{0,30}\b(?:pills|meds|gun|guns|pistol|rifle|gun safe|sleeping pills|shotgun)\b|\b(?:gun ?safe|gun cabinet|gun cupboard|gun locker)\b|\b(?:dads|my dads|his|the) (?:gun|pistol|rifle|shotgun)\b(?= is| in there|$| \.)`,
    {
      alsoIn:
        /\b(?:found|key|code|combination|unlocked|isnt locked|not locked|where|keeps|hidden|in there|get|buy)\b/,
      notIn:
        /\b(?:range|hunting|video game|game|fortnite|cod|call of duty|movie|show|nerf|water gun|glue gun|toy|airsoft|paintball)\b/,
    },
  ),
  rule(
    rx`\b(?:get|buy|find|order) (?:a|an) (?:gun|pistol|firearm|handgun|rifle)\b[^.]{0,40}\bwithout\b`,
    {
      notIn: /\b(?:license|licence|game|airsoft|nerf|toy|water)\b/,
    },
  ),
  rule(
    rx`\b(?:waffenschrank|armoire a fusils|cofre da arma|la pistola|el arma|a arma|le fusil|le pistolet|die waffe|die pistole|el revolver|o revolver)\b`,
    {
      alsoIn:
        /\b(?:chave|llave|cle|schlussel|donde guarda|onde (?:guarda|fica)|ou (?:il|elle) (?:range|garde|cache)|aufbewahrt|versteckt|consigo|conseguir|trouver|kaufen|besorgen|achei|encontre|trouve|gefunden)\b/,
      notIn:
        /\b(?:juego|jogo|jeu|spiel|pelicula|filme|film|serie|agua|wasser|nerf|paintball|airsoft|jouet|juguete|brinquedo|spielzeug)\b/,
    },
  ),
  rule(
    rx`\b(?:guardando|juntando|escondiendo|acumulando|escondendo|juntei|guardei) (?:\w+ ){0,2}?(?:pastillas|medicinas|medicamentos|remedios|comprimidos|pildoras)\b|\bje (?:garde|cache|stocke|accumule|mets de cote) (?:\w+ ){0,2}?(?:medicaments|cachets|comprimes|somniferes)\b|\bich (?:sammle|horte|verstecke|spare) (?:\w+ ){0,3}?(?:tabletten|schlaftabletten|pillen|medikamente)\b`,
    {
      notIn:
        /\b(?:vitamin\w*|farmacia|pharmacie|apotheke|reciclar|recycl\w*|caducad\w*|vencid\w*|perime\w*|abgelaufen\w*)\b/,
    },
  ),
  rule(
    rx`\b(?:frasco|caja|caixa|boite|flasche|packung|schachtel)\b[^.]{0,40}\b(?:escondid[oa]|cachee?|versteckt|por si acaso|au cas ou|nur fur den fall|pro caso|caso precise)\b`,
    {
      alsoIn:
        /\b(?:pastillas|remedios?|comprimidos|cachets|medicaments|tabletten|pillen|entera|inteiro|entiere|ganze)\b/,
    },
  ),
  rule(
    rx`\b(?:most|least|more|less) (?:painless|painful)\b[^.]{0,30}\b(?:way|pills|drown\w*|hang\w*|jump\w*|die|dying|method|go)\b|\bways? to (?:die|go|kill (?:yourself|myself|urself|oneself)) (?:that|which) (?:doesnt|does not|dont|wont|will not|wouldnt) hurt\b|\bis (?:hanging|drowning|jumping|overdosing|bleeding out) (?:painless|painful|quick|fast)\b|\bdoes (?:drowning|hanging|jumping|bleeding out|overdosing) hurt\b`,
  ),
  rule(
    rx`\bhow (?:high|tall|far) (?:does|do|would|should|must|has) (?:a |the |you )?(?:building|bridge|fall|drop|jump|floor|roof|cliff|balcony)\b[^.]{0,20}\b(?:need|needs|have|has) (?:to )?be\b|\bhow many (?:floors|stories|storeys|meters|metres|feet)\b[^.]{0,40}\b(?:survive|die|lethal|kill|enough)\b`,
    {
      notIn:
        /\b(?:skyscraper|called|considered|project|homework|class|legal|code|railing|fence|bungee|diving|parachute|skydiv\w*|elevator|lift|stairs)\b/,
    },
  ),
  rule(
    rx`\bhow many (?:of (?:these|them|those)|${PILLS}) (?:would|will|does|do) (?:it take|i need|kill|be (?:enough|lethal|fatal))\b(?= \.|$| to (?:die|not wake up|end|kill|stop))`,
  ),
  rule(
    rx`\b(?:whats|what is|which is|wheres|where is) the (?:highest|tallest|biggest|closest|nearest) (?:bridge|building|cliff|parking garage|roof|rooftop|tower)\b(?= (?:in|near|around|close to) (?:the city|town|here|me|my (?:house|place|area|town|city))|$| \.)`,
    {
      notIn:
        /\b(?:world|country|europe|project|homework|class|trivia|quiz|fact|visit|tourist|trip|photo|pics?)\b/,
    },
  ),
  rule(
    rx`\b(?:puente|edificio|predio|ponte|pont|immeuble|batiment|brucke|gebaude|hochhaus)\b (?:\w+ ){0,3}?(?:mas alt[oa]|mais alt[oa]|le plus haut|la plus haute|am hochsten|die hochste|das hochste|der hochste)\b`,
    {
      notIn:
        /\b(?:mundo|monde|welt|world|trabajo|tarefa|escola|escuela|ecole|expose|referat|projet|proyecto|projeto|schule|viaje|viagem|voyage|reise|foto|photo|turismo|tourisme)\b/,
    },
  ),
  rule(
    rx`\b(?:no|nao|pas|nicht|not|wouldnt|wont|cant) (?:sobrevivir|sobreviver|survivre|uberlebt|uberleben|uberlebe|survive)\b`,
    {
      alsoIn:
        /\b(?:altura|alto|alta|hoch|haut|piso|andar|etage|stock|edificio|predio|immeuble|gebaude|puente|ponte|pont|brucke|pastillas|comprimidos|cachets|tabletten|cuantas|quantos|combien|wie viele|high|tall|floors?|stories|bridge|building|pills|fall|jump)\b/,
      notIn:
        /\b(?:exam|exams|test|week|semester|class|meeting|shift|party|wedding|trip|flight|winter|summer|heat|examen|prova|semana|semaine|woche|prufung|lol|haha|jaja|kkk|mdr)\b/,
    },
  ),
  rule(
    rx`\bhow (?:cold|deep|long|much|many|high)\b[^.]{0,40}\b(?:to|till|until|before) (?:die|you die|i die|not wake up|stop breathing)\b`,
    {
      notIn:
        /\b(?:plants?|fish|battery|phone|cells|hair|bacteria|grass|flowers?|pets?|dog|cat|hamster|tree|bees?|star|sun|character|game)\b/,
    },
  ),
  rule(
    rx`\b(?:menos dolorosa?|menos doloros[oa]|moins douloureuse?|sans douleur|sin dolor|sem dor|schmerzlos\w*|ohne schmerzen)\b[^.]{0,30}\b(?:morir|morirme|morrer|mourir|sterben|matarme|me matar|suicid\w*|tuer|me tuer)\b|\b(?:morir|morrer|mourir|sterben)\b[^.]{0,20}\b(?:sin dolor|sem dor|sans douleur|ohne schmerzen|schmerzlos)\b`,
  ),
];

const intent: Rule[] = [
  rule(
    rx`\b(?:picked|chose|chosen|set|decided on|choosing|picking) (?:a|the) (?:day|date)\b|\bthe (?:date|day) is (?:set|picked|chosen)\b`,
    { notAfter: /^ (?:for|of|to|with|and|on (?:a|the))\b/, notIn: ORDINARY_PLAN },
  ),
  rule(
    rx`\b(?:elegi|escogi|decidi|escolhi|choisi|fixe) (?:el|la|o|a) (?:dia|fecha|data|date|jour)\b|\b(?:das datum|den tag)\b[^.]{0,15}\b(?:ausgesucht|festgelegt|gewahlt|entschieden)\b`,
    { notAfter: /^ (?:de|da|do|del|pour|fur|for|para|pra|der|des)\b/, notIn: ORDINARY_PLAN },
  ),
  rule(
    rx`\b(?:do it|doing it|go through with it|going through with it|ill do it|im doing it)\b[^.]{0,30}\b(?:when|after|once|till|until) (?:everyone|everybody|my (?:parents|mom|mum|dad|family|shift|exams)|the house|they (?:re|are) asleep|christmas|work)\b`,
    {
      notIn:
        /\bi mean\b|\b(?:laundry|homework|dishes|essay|assignment|shopping|workout|tattoo|haircut|test|chores|project|call|email|tell (?:him|her|them))\b/,
    },
  ),
  rule(rx`\bthe plan is (?:to |to just )?(?:wait|do it|after|when|once)\b`, {
    alsoIn: /\b(?:asleep|sleeping|everyone|alone|leave|leaves|empty|gone|tonight)\b/,
    notIn: /\b(?:snacks?|sneak|party|movie|game|surprise|cake|laundry|pizza|present|gift|prank)\b/,
  }),
  rule(
    rx`\b(?:lo voy a hacer|lo hare|lo hago|vou fazer|vou faze lo|eu faco|je le ferai|je vais le faire|je le fais|ich mach es|ich mache es|ich werde es tun)\b`,
    {
      alsoIn:
        /\b(?:esta noche|cuando todos|cuando esten dormidos|despues del trabajo|a noite|esta noite|quando todo mundo|depois que todo mundo|depois do (?:meu )?turno|ce soir|cette nuit|quand tout le monde|apres mon service|heute nacht|wenn alle|nach (?:meiner|der) schicht)\b/,
      notIn:
        /\b(?:tarea|deberes|dever|devoirs|hausaufgaben|examen|prova|fiesta|festa|party|fete|pastel|bolo|gateau|kuchen|lavar|laver|waschen|maquillaje|maquiagem|decir|digo|escribir|escribo|hablar|ecrire|dire|dis|parler|dizer|falar|escrever|sagen|schreiben|gusta|aime|ama|amo|liebe|declar\w*|crush|lui|ihm|ihr)\b/,
    },
  ),
  rule(
    rx`\b(?:ill|i will|im gonna|im going to|gonna|going to) do it (?:tonight|when everyone(?: s| is)? (?:asleep|sleeping|gone)|after everyone|once everyone)\b`,
    {
      notIn:
        /\b(?:homework|essay|laundry|dishes|assignment|project|chores|test|hair|nails|makeup|call|email|text (?:him|her)|ask (?:him|her)|tell (?:him|her|them|mom|dad)|i mean)\b/,
    },
  ),
  rule(
    rx`\bmy ${SOMEONE}\b[^.]{0,50}\b(?:took|swallowed|overdosed|taken|tomo|tomou|engoliu|a pris|a avale|hat (?:\w+ ){0,3}?(?:genommen|geschluckt))\b[^.]{0,30}\b(?:pills|meds|tablets|bottle|everything|pastillas|remedios?|comprimidos|cachets|medicaments|tabletten)\b|\b${SOMEONE}\b[^.]{0,60}\b(?:pastillas|remedios?|medicamentos?|comprimidos|cachets|medicaments|tabletten|pillen|medikamente)\b`,
    { alsoIn: NO_ANSWER, notIn: /\b(?:vitamin\w*|headache|allerg\w*|cabeza|cabeca|kopf)\b/ },
  ),
  rule(
    rx`\b${SOMEONE}\b[^.]{0,40}\b(?:said|says|told me|texted|is saying|just said) (?:that )?(?:shes|hes|she is|he is|theyre|she|he|they)(?: is| s)? (?:gonna|going to|about to|will) (?:jump|kill (?:herself|himself|themselves)|end it|do it|overdose)\b`,
    {
      alsoIn: NO_ANSWER,
      notAfter: /^ (?:in|into|on|off the (?:diving|high dive)|over|rope)\b/,
      notIn: /\b(?:lol|haha|lmao|pool|lake|trampoline|bungee|parachute|skydiv\w*)\b/,
    },
  ),
  rule(
    rx`\b${SOMEONE}\b[^.]{0,40}\b(?:sent|posted|texted|wrote|left) (?:me |us |a |her |his |an )*(?:goodbye|farewell|suicide) (?:text|message|note|letter|post|msg|on)\b|\b${SOMEONE}\b[^.]{0,40}\b(?:despedida|adieu|abschied\w*|se va a tirar|vai se jogar|va sauter|springen)\b|\b${SOMEONE}\b[^.]{0,60}\b(?:cuts|cutting|cut herself|cut himself|blade|razor|pills in (?:her|his) hand|has the pills|on (?:a|the) (?:bridge|roof|ledge))\b`,
    {
      alsoIn: NO_ANSWER,
      notIn: /\b(?:flight|trip|vacation|viaje|viagem|voyage|reise|vuelo|voo|flug|lol|haha)\b/,
    },
  ),
];

const passive: Rule[] = [
  rule(
    rx`\b(?:god|jesus|the universe)\b (?:would |will |to |could |just |please )*(?:takes? me|took me|let me die|end (?:it|my life))\b`,
    { notAfter: /^ (?:to|out|shopping|with|home from|back to)\b/ },
  ),
  rule(
    rx`\b(?:pray|praying|prayed)\b[^.]{0,30}\b(?:i dont wake up|i never wake up|i wont wake up|i die|it ends)\b`,
  ),
  rule(
    rx`\b(?:tomara|oxala|ojala|espero|j espere|hoffe)\b (?:\w+ ){0,2}?(?:nao acorde|no despierte|no despertar\w*|ne (?:jamais |plus |pas )?me reveill\w*|nie (?:wieder |mehr )?aufwache)\b`,
    { notIn: /\b(?:tarde|tard|spat|en retard|atrasad\w*|verschlaf\w*)\b/ },
  ),
  rule(
    rx`\b(?:dios|deus|dieu|gott)\b (?:\w+ ){0,3}?(?:me lleve|me lleva|me leve|me levar|me leva|me prenne|me prend|mich holt|mich zu sich)\b`,
  ),
  rule(
    rx`\b(?:wouldnt|would not|wont|dont|do not) (?:even |really )?mind if (?:the|my|this|a) (?:plane|car|bus|train) (?:crashed|crashes|went down|goes down|hit me)\b|\bhop(?:e|ing) (?:the|my|this) (?:plane|flight) (?:crashes|goes down|crashed|falls)\b|\b(?:wouldnt|would not|wont|dont|do not) (?:even |really )?mind if i (?:died|got hit|got cancer|didnt wake up|never woke up|dont wake up|disappeared|got killed)\b`,
  ),
  rule(
    rx`\b(?:avion|aviao|flugzeug)\b (?:\w+ ){0,2}?(?:se cae|se cayera|se estrella|caisse|cair|caiu|s ecrase|s ecrasait|absturzt|absturzen wurde)\b`,
    {
      alsoIn:
        /\b(?:no me importaria|ojala|nao ligaria|tomara|oxala|derangerait pas|j espere|egal|hoffentlich|wunschte)\b/,
    },
  ),
  rule(
    rx`\bhop(?:e|ing) i get hit\b(?! by (?:inspiration|motivation|luck|cupid|karma|an idea|a wave of|a burst of|the muse))`,
  ),
  rule(
    rx`\b(?:ojala|tomara|oxala|j espere qu|hoffentlich|espero que)\b[^.]{0,30}\b(?:me atropell\w*|me atropel\w*|me renverse|fahrt mich|mich (?:uberfahrt|erwischt))\b`,
  ),
  rule(rx`\b(?:nicht|nie) (?:mehr )?(?:aufwach\w*|aufwachen)\b`, {
    alsoIn: /\b(?:wunsch\w*|hoffe|hoffentlich|will|bete|mochte)\b/,
    notIn: /\b(?:zu spat|fruh|wecker|verschlafen|schule|arbeit)\b/,
  }),
];

const farewell: Rule[] = [
  rule(
    rx`\b(?:this is|itll be|it will be|its) the last time (?:well|we will|we ll|ill|i ll|you ll|youll|we) (?:talk|speak|hear from me|see me|ever talk)\b`,
    {
      notAfter: /^ (?:before|until|till|for (?:a|the)|this (?:week|month|year)|today)\b/,
      notIn:
        /\b(?:trip|travel\w*|vacation|holiday|flight|camp|abroad|exchange|paris|london|ill text|i ll text|back on|next week|next month)\b/,
    },
  ),
  rule(
    rx`\b(?:es la ultima vez que (?:hablamos|hablaremos|te escribo|me escriben)|e a ultima vez que (?:a gente )?(?:conversa|fala|falamos|conversamos|te escrevo)|c est la derniere fois qu on se parle|c est la derniere fois que je (?:te )?(?:parle|ecris)|das (?:ist )?(?:das )?letzte mal dass wir (?:reden|sprechen|schreiben))\b`,
    {
      notIn:
        /\b(?:viaje|viagem|voyage|reise|vacaciones|ferias|vacances|urlaub|antes de|avant|vor)\b/,
    },
  ),
  rule(
    rx`\b(?:logging|signing|log|sign|checking) (?:off|out) (?:for good|forever|for ever|permanently|for the last time)\b`,
    {
      notIn:
        /\b(?:app|battery|twitter|instagram|tiktok|social media|account|moving to|switching|site|platform|detox|other one|game|server)\b/,
    },
  ),
  rule(
    rx`\b(?:wont|will not|dont|wouldnt) (?:be )?(?:need|needing) (?:my|any of my|this|all my) (?:phone|things|stuff|clothes|room|car|laptop|savings|money|meds|books)\b`,
    {
      alsoIn:
        /\b(?:after tonight|after today|soon|anymore|any more|where im going|much longer|after this|after (?:i|im))\b/,
      notIn: /\b(?:concert|trip|camp|retreat|detox|festival|vacation|holiday|hike|beach)\b/,
    },
  ),
  rule(
    rx`\b(?:no voy a necesitar|ya no necesito|ya no voy a necesitar|nao vou precisar|nao vou mais precisar|j aurai plus besoin|je n aurai plus besoin|brauch (?:\w+ ){1,3}?nicht mehr|brauche (?:\w+ ){1,3}?nicht mehr)\b`,
    {
      alsoIn:
        /\b(?:celular|telefono|movil|ropa|cosas|roupas?|coisas|telephone|portable|affaires|handy|sachen|klamotten|verschenk\w*)\b/,
      notIn:
        /\b(?:viaje|viagem|voyage|reise|concierto|show|concert|konzert|retiro|campamento|acampamento)\b/,
    },
  ),
  rule(
    rx`\b(?:gave|given|giving) (?:my|our) (?:cat|dog|kitten|puppy|bunny|rabbit|hamster|pets?|bird|guinea pig|plants?|snake|lizard) (?:to|away)\b`,
    {
      notIn:
        /\b(?:week|weekend|holiday|vacation|trip|while|sitting|sitter|for (?:the|a) (?:week|weekend|few days|night)|till|until|when i come back|moving|allerg\w*|bath|food|treat|medicine|meds|pill|vet)\b/,
    },
  ),
  rule(
    rx`\b(?:di|regale|dei|donne|gegeben|verschenkt|abgegeben)\b (?:\w+ ){0,3}?(?:gato|perro|gata|perra|cachorro|cachorra|chat|chien|chatte|chienne|katze|hund|kater)\b|\b(?:katze|hund|kater)\b (?:\w+ ){0,2}?(?:gegeben|verschenkt|abgegeben)\b`,
    {
      notIn:
        /\b(?:semana|fin de semana|vacaciones|viaje|ferias|viagem|fim de semana|vacances|semaine|week end|urlaub|wochenende|reise|comer|comida|racao|croquettes|futter|medicina|remedio|bano|banho|bain|bad|carino|carinho|calin|beso|bisou|nombre|nome|nom|namen|pastilla|comprimido|cachet|tablette)\b/,
    },
  ),
  rule(
    rx`\b(?:can|could|should|may) (?:have|keep|take) (?:all )?(?:of )?my (?:clothes|things|stuff|room|books|jewelry|makeup|games|records|guitar|phone|laptop|savings)\b`,
    {
      notIn:
        /\b(?:borrow|trip|vacation|holiday|moving|move|outgrown|too small|fit|old|swap|sale|donate|exchange|while im (?:away|gone on)|tonight|for the (?:party|night|weekend))\b/,
    },
  ),
  rule(
    rx`\b(?:se puede quedar con|puede quedarse con|pode ficar com|peut garder|peut prendre) (?:toda |todas |todos |todo |tous |toutes )?(?:mi|mis|minha|minhas|meu|meus|as minhas|os meus|mes|mon|ma)\b`,
    {
      notIn:
        /\b(?:viaje|viagem|voyage|vieja|viejas|velha|velhas|vieux|vieilles|prestad\w*|emprestad\w*|prete|mientras|enquanto|pendant)\b/,
    },
  ),
  rule(
    rx`\b(?:escribi|escrevi|j ai ecrit|deje|deixei|j ai laisse)\b (?:\w+ ){0,2}?(?:cartas|carta|lettres|lettre)\b|\b(?:allen|euch|meiner familie|jedem) (?:\w+ )?(?:abschieds)?briefe? geschrieben\b`,
    {
      notIn:
        /\b(?:navidad|natal|noel|weihnachten|cumple\w*|aniversario|anniversaire|geburtstag|motivacion|motivation|bewerbung|candidature|correspondencia|correspondant|brieffreund|santa|papa noel|pere noel|weihnachtsmann|tarea|dever|devoir|hausaufgabe|escuela|escola|ecole|schule|amor|amour|liebe|novio|namorado|copain|freund)\b/,
    },
  ),
  rule(
    rx`\bremember me (?:as (?:happy|i was|i am|someone|the happy|a happy|smiling|the girl i was)|the way i (?:was|am)|like (?:this|that|i was)|happy|when i was happy)\b`,
    { notIn: /\b(?:lol|haha|famous|spelling bee|when im (?:old|rich|famous))\b/ },
  ),
  rule(
    rx`\b(?:recuerdenme|recordadme|me recuerden|me lembrem|lembrem de mim|lembrem se de mim|souvenez vous de moi|rappelez vous de moi|behaltet mich|erinnert euch an mich)(?: \w+)? (?:feliz|felices|heureuse|heureux|glucklich|sonriendo|sorrindo|souriante|asi|assim|comme ca|so|como era|como eu era|comme j etais|wie ich war)\b`,
  ),
  rule(
    rx`\b(?:made|making|picked|chose|chosen|planned|planning|wrote|writing)\b[^.]{0,25}\b(?:for|at) my (?:own )?funeral\b|\bmy funeral (?:playlist|songs|song|outfit|plans?)\b`,
    {
      notIn:
        /\b(?:when im (?:old|\d+)|grandm\w*|grandp\w*|joke|jk|if i die of embarrassment|one day|someday|in \d+ years)\b/,
    },
  ),
  rule(
    rx`\b(?:mi funeral|meu funeral|mon enterrement|mes funerailles|meine beerdigung|meiner beerdigung)\b`,
    {
      alsoIn:
        /\b(?:playlist|canciones|musicas|chansons|lieder|musik|elegi|escolhi|choisi|ausgesucht|prepar\w*|planej\w*|plane|organis\w*)\b/,
      notIn:
        /\b(?:vieja|velha|vieille|alt|algun dia|um dia|un jour|irgendwann|broma|piada|blague|witz)\b/,
    },
  ),
  rule(
    rx`\b(?:at peace|calm|okay|ok|fine) (?:now )?(?:with|about) (?:my|the) decision\b|\bnow that (?:ive|i have|i) (?:made (?:my|the|a) decision|decided)\b`,
    {
      notAfter: /^ (?:to|about|on)\b/,
      notIn:
        /\b(?:quit|quitting|volleyball|job|school|college|university|major|breakup|break up|moving|course|team|class|hair|tattoo|dress|apartment|offer)\b/,
    },
  ),
  rule(
    rx`\b(?:en paz con mi decision|em paz com (?:a )?minha decisao|en paix avec ma decision|frieden mit meiner entscheidung)\b`,
    {
      notAfter: /^ (?:de|da|do|fur|zu|die|das|der|pour|d)\b/,
      notIn:
        /\b(?:dejar|cambiar|mudar|changer|quitter|wechseln|aufzuhoren|escuela|escola|lycee|schule|curso|futbol|trabajo|emprego|boulot|job)\b/,
    },
  ),
  rule(
    rx`\bso (?:nobody|no one|noone|they|my (?:family|parents|mom|mum|dad)) (?:has|have|doesnt have|dont have|wont have) (?:to|ta) (?:deal with|clean|sort|go through)\b[^.]{0,30}\b(?:after(?= \.|$)|when im gone|once im gone)`,
  ),
];

const selfHarm: Rule[] = [
  rule(
    rx`\b(?:long sleeves?|hoodie|hoodies|sweater|jacket|manga larga|mangas largas|manga comprida|mangas compridas|manches longues|lange armel|langarm\w*)\b[^.]{0,30}\b(?:july|august|summer|heat|hot|degrees|julio|agosto|verano|calor|julho|verao|juillet|aout|ete|chaleur|juli|sommer|hitze)\b|\b(?:july|august|summer|degrees|julio|agosto|verano|calor|julho|verao|juillet|aout|juli|sommer|hitze)\b[^.]{0,30}\b(?:long sleeves?|hoodie|sweater|manga larga|mangas largas|manga comprida|manches longues|lange armel)\b`,
    {
      alsoIn:
        /\b(?:again|so nobody|so no one|hide|hiding|cover|scars|marks|if you know|iykyk|wieder|otra vez|de nuevo|de novo|encore|pra ninguem|para que nadie|pour que personne|damit niemand|nobody sees|no one sees)\b/,
      notIn:
        /\b(?:ac|air con\w*|freezing|cold office|sunburn|sun|tattoo|mosquito\w*|style|cute|aesthetic)\b/,
    },
  ),
  rule(
    rx`\b(?:long sleeves?|hoodie|hoodies|bracelets?|manga larga|mangas largas|manga comprida|mangas compridas|manches longues|lange armel|langarm\w*)\b[^.]{0,30}\b(?:so nobody|so no one|to hide|hide the|para que nadie|pra ninguem|pra esconder|para esconder|pour cacher|pour que personne|damit niemand)\b`,
    { notIn: /\b(?:tattoos?|mosquito\w*|sunburn|rash|eczema|bruises? from)\b/ },
  ),
  rule(rx`\bgave in to the urges?\b|\burges? (?:are|r|came|is) back\b`),
  rule(rx`\b(?:marks|cuts|scars) on my (?:wrists?|arms?|thighs?|legs?)\b`, {
    alsoIn: /\b(?:new|again|fresh|hide|hiding|excuses|nobody|no one)\b/,
    notIn:
      /\b(?:tattoos?|mosquito\w*|bites|cat|dog|kitten|puppy|bracelet|watch|sunburn|surgery|eczema|old)\b/,
  }),
  rule(rx`\b(?:running|run|ran) out of (?:excuses|places|room|space|skin)\b`, {
    alsoIn: /\b(?:marks|scars|cuts|arms|legs|thighs|wrists|cut|burns|bruises)\b/,
  }),
  rule(
    rx`\bmy (?:thighs|arms|wrists|legs|hips|stomach) (?:are|r) (?:covered|full of (?:cuts|scars|marks)|a mess)\b`,
    {
      notAfter:
        /^ (?:in|with) (?:bruises from|mosquito|bug|sunburn|tattoo|paint|glitter|hives|rash|eczema|freckles|mud|sand)\b/,
      notIn:
        /\b(?:mosquito\w*|bites|sunburn|eczema|rash|hives|tattoos?|paint|glitter|gym|volleyball|bruises from|allerg\w*|workout|soccer|hike|hiking|mud|sand|garden\w*|scratches|from (?:the|my|a|gardening|work|practice))\b/,
    },
  ),
  rule(
    rx`\b(?:excusas?|desculpas?|excuses?|ausreden)\b[^.]{0,30}\b(?:marcas|cicatrices|cicatrizes|cortes|marques|coupures|narben|schnitte|wunden)\b`,
  ),
  rule(
    rx`\b(?:mis|minhas|meus|mes|meine) (?:piernas|muslos|brazos|coxas|bracos|pernas|cuisses|bras|jambes|oberschenkel|arme|beine) (?:estan|estao|sont|sind) (?:llen[oa]s de|cheias de|cheios de|couverts? de|pleins? de|voller) (?:cortes|cicatrices|cicatrizes|marcas|coupures|marques|narben|schnitte)\b`,
  ),
  rule(rx`\b(?:recai|recaida|tive uma recaida|rechute|j ai rechute|ruckfall|ruckfallig)\b`, {
    notIn:
      /\b(?:fumar|cigarr\w*|tabaco|cigarette|clope|rauchen|zigarette\w*|alcohol|alkohol|gripe|grippe|covid|resfriado|erkaltung|dieta|diet|regime|serie|juego|jogo|spiel|chocolate|azucar|zucker|sucre|acucar|ex|cancer|krebs)\b/,
  }),
  rule(rx`\b(?:urges?|craving|tempted) (?:to )?(?:hurt|harm|cut|burn) (?:myself|me)\b`, {
    negatable: 'deny',
  }),
  rule(
    rx`\b(?:ganas de|quiero|necesito) (?:hacerme dano|cortarme|lastimarme|hacerme mal|quemarme)\b|\b(?:vontade de|quero|preciso) (?:me machucar|me cortar|me ferir|me queimar)\b|\b(?:envie de|besoin de|je veux) (?:me faire du mal|me couper|me scarifier|me bruler|me blesser)\b|\b(?:drang|lust|will|muss) (?:\w+ )?(?:mich (?:zu )?(?:verletzen|ritzen|schneiden)|mir weh (?:zu )?tun)\b`,
    {
      notBefore:
        /\b(?:no|nao|pas|plus|nicht|kein|keine|keinen|sin|sem|sans|nunca|jamais|nie)(?: \w+)? $/,
      notAfter:
        /^ (?:el|la|los|las|o|a|os|as|le|les|die|den|das|mi|mis|meu|meus|minha|mes) (?:pelo|flequillo|cabello|unas|cabelo|franja|cheveux|frange|haare|pony|nagel|fleco)\b/,
    },
  ),
  rule(
    rx`\b(?:queimei|cortei|me queme|me corte|me suis brule\w*|me suis coupe\w*|verbrannt|geschnitten|geritzt)\b[^.]{0,30}\b(?:de proposito|a proposito|expres|volontairement|absichtlich|mit absicht)\b|\b(?:absichtlich|mit absicht)\b[^.]{0,30}\b(?:verbrannt|geschnitten|geritzt|verletzt)\b`,
  ),
];

intent.push(
  rule(
    rx`\b(?:ya no voy a existir|no voy a existir mas|je n existerai plus|j existerai plus|nao vou mais existir|nao vou existir mais|werde nicht mehr (?:existieren|da sein|leben))\b`,
  ),
  rule(rx`\bme (?:quito|quitare|voy a quitar) la vida\b`, { negatable: 'deny' }),
  rule(
    rx`\b(?:tome la decision|tomei a decisao|j ai pris ma decision|ich hab mich entschieden|ich habe mich entschieden)\b[^.]{0,20}\b(?:tranquil[ao]|em paz|en paz|calme|sereine|ruhig|in frieden)\b`,
    {
      notIn:
        /\b(?:mudo|mudar|mudanza|trabajo|carrera|curso|escola|escuela|umzug|umziehen|ecole|demenag\w*|job|emprego|boulot|studium|universidad|faculdade|fac)\b/,
    },
  ),
  rule(
    rx`\b(?:j en finis|je vais en finir|acabo com tudo|vou acabar com tudo|acabo con todo|voy a acabar con todo)\b`,
    {
      negatable: 'deny',
      notAfter:
        /^ (?:de|da|do|avec|com|con) (?:\w+ )?(?:tarea|trabajo|dever|devoirs|prova|examen|ce|esta|este|isso|eso|lui|ele|el|ela|ella|la|le)\b/,
    },
  ),
  rule(
    rx`\b(?:heute nacht|am wochenende|morgen|jetzt) (?:mach ich es|mache ich es|bring ich mich um|bringe ich mich um)\b|\b(?:bring|bringe) ich mich (?:\w+ )?um\b(?! vor)`,
    {
      notIn:
        /\b(?:sag|sage|sagen|schreib\w*|frag\w*|ihm|ihr|mag|liebe|crush|hausaufgaben|party|lol|haha)\b/,
    },
  ),
  rule(
    rx`\bme voy a tirar (?:del|de un|de la|por la) (?:puente|edificio|azotea|ventana|balcon|techo)\b|\bvou me jogar (?:da|de uma|de um|do) (?:ponte|predio|janela|telhado|sacada)\b|\bje vais sauter (?:du|d un|de la) (?:pont|immeuble|toit|fenetre|balcon)\b|\bich spring(?:e)? (?:von der|von einer|vom|aus dem) (?:brucke|dach|hochhaus|fenster|balkon)\b`,
    {
      notIn:
        /\b(?:piscina|agua|lago|pool|mar|trampolin|paracaidas|bungee|parapente|wasser|see|eau|lac|riviere|rio|fluss|lol|jaja|kkk|mdr)\b/,
    },
  ),
);
farewell.push(
  rule(
    rx`\b(?:forgive me|perdoname|perdonenme|me perdoem|me perdoa|pardonnez moi|pardonne moi|verzeiht mir|verzeih mir|vergebt mir)\b[^.]{0,20}\b(?:for what im (?:about|going) to do|por lo que voy a hacer|pelo que vou fazer|pour ce que je vais faire|was ich (?:gleich |jetzt )?tun werde|was ich vorhabe)\b`,
    {
      notIn:
        /\b(?:lol|haha|jaja|kkk|mdr|pizza|cake|eat|sing|post|say|comer|cantar|manger|chanter|essen|singen|pastel|bolo|gateau|kuchen)\b/,
    },
  ),
);
passive.push(
  rule(rx`\bhoping (?:its|this is) the last time\b`, { alsoIn: /\b(?:sleep|wake|bed)\b/ }),
  rule(rx`\btomorrow never comes\b|\bdont want tomorrow to come\b`, {
    notIn:
      /\b(?:exam|test|monday|school|work|dentist|presentation|interview|trip|ends|vacation|weekend|birthday|party|deadline|due)\b/,
  }),
);
method.push(
  rule(
    rx`\b(?:tengo suficientes|tenho suficientes|j en ai assez|ich hab genug|i have enough)\b[^.]{0,20}\b(?:pastillas|remedios|comprimidos|cachets|medicaments|tabletten|pills|meds)\b|\b(?:pastillas|remedios|comprimidos|cachets|medicaments|tabletten|pills|meds)\b[^.]{0,30}\b(?:i have enough|tengo suficientes|tenho o suficiente|j en ai assez|hab genug)\b|\b(?:se|sei|je sais|ich weiss) (?:cuantas|quantos|combien|wie viele)\b[^.]{0,30}\b(?:tengo|tenho|je les ai|hab ich)\b`,
    {
      notIn:
        /\b(?:vitamin\w*|semana|week|trip|viaje|viagem|voyage|reise|refill|pharmacy|farmacia|pharmacie|apotheke|rezept|receta|receita|ordonnance)\b/,
    },
  ),
  rule(rx`\bescondid[ao]s? para cuando\b|\bpara cuando llegue el momento\b|\bpour le jour ou\b`, {
    alsoIn: /\b(?:pastillas|remedios|comprimidos|cachets|medicaments|pills|meds)\b/,
  }),
);

// The families the second spent batch (crisis-5.txt / benign-5.txt) showed the lexicon lacked:
// a thank-you that closes for good, tying up loose ends, a walk that does not come back, the
// height or the dose asked "to die" / "to not wake up", "I swallowed it all" with fear or an
// apology, a lighter on the arm, a friend's fresh cuts, tiredness of life itself.
const LAST_TALK =
  /\b(?:only one (?:who|that) (?:ever )?(?:listened|cared|understood)|la unica que me (?:escucho|entendio)|a unica que me (?:ouviu|escutou|entendeu)|la seule a m ecouter|la seule qui m a (?:ecoutee?|comprise?)|die einzige die mir zugehort hat|last (?:conversation|message|time we talk)|ultima (?:conversacion|conversa|vez que hablamos|mensagem)|derniere (?:conversation|fois)|letzte(?:s)? (?:gesprach|nachricht))\b/;
farewell.push(
  rule(
    rx`\b(?:thanks|thank you|thank u|ty|gracias|obrigad[ao]|merci|danke)\b (?:\w+ ){0,2}?(?:for everything|por todo|por tudo|pour tout|fur alles)\b`,
    {
      alsoIn: LAST_TALK,
      notIn:
        /\b(?:tomorrow|later|next (?:week|time)|manana|amanha|demain|morgen|class|clase|aula|cours|job|trabajo|trabalho|travail|arbeit|team|equipo|equipe|birthday|cumple\w*|aniversario|anniversaire|geburtstag|lol|haha|jaja|kkk|mdr)\b/,
    },
  ),
  rule(
    rx`\b(?:this is|esta es|essa e|esta e|c est|das ist|ce sera) (?:my|mi|minha|ma|mein|meine)? ?(?:last conversation|ultima conversacion|ultima conversa|derniere conversation|letztes gesprach)\b`,
    {
      notAfter:
        /^ (?:before|for (?:today|tonight|now)|of the day|antes|de hoy|de hoje|avant|vor|heute|today)\b/,
      notIn:
        /\b(?:trip|flight|exam|battery|bateria|batterie|akku|phone|telefono|telemovel|vacation|vacaciones|ferias|vacances|urlaub|lol|haha|jaja|kkk|mdr)\b/,
    },
  ),
  rule(
    rx`\bso (?:no one|nobody|noone) (?:has|have|needs) to (?:clean|do it|deal with|sort|go through)\b[^.]{0,30}\b(?:after|afterwards|when im gone|later)\b|\bscheduled (?:an |a )?(?:email|message|text|post) (?:to|for) (?:my )?(?:parents|mom|mum|dad|family|sister|brother)\b[^.]{0,40}\bexplaining (?:everything|why)\b|\btying up (?:all )?(?:the |my )?loose ends\b`,
    {
      notIn:
        /\b(?:work|job|office|project|thesis|semester|term|before (?:my|the|we)|trip|vacation|holiday|move|moving|party|guests|visit|visitors|landlord|inspection|deposit)\b/,
    },
  ),
);
intent.push(
  rule(
    rx`\b(?:go|going|drive|driving|walk|walking|swim|swimming|head|heading|take the car|ride) (?:\w+ ){0,3}?(?:to|into|out to|towards) (?:the )?(?:lake|sea|ocean|river|bridge|woods|forest|cliffs?|tracks|mountains?)\b[^.]{0,30}\band (?:not|never) (?:come|coming) back\b`,
    { notAfter: /^ (?:until|till|til|before|for (?:a|the|hours|days)|early)\b/ },
  ),
  rule(
    rx`\b(?:this is|today is|tonight is) the (?:day|night|week) i (?:finally )?(?:do it|go through with it|end it)\b|\bthe week i finally do it\b`,
    {
      notIn:
        /\b(?:tattoo|haircut|hair|ask|confess|tell|quit|skydiv\w*|bungee|propose|dye|piercing|gym|diet|move|apply|clean|run|marathon|driving test|exam|lol|haha)\b/,
    },
  ),
  rule(
    rx`\bim not scared of dying\b[^.]{0,20}\bscared of (?:staying|living|being alive|waking up)\b`,
  ),
);
method.push(
  rule(
    rx`\b(?:de quelle hauteur|quelle hauteur|ab welcher hohe|aus welcher hohe|wie hoch|desde que altura|de que altura|from how high|how high)\b[^.]{0,40}\b(?:pour mourir|mourir sur le coup|tuer|todlich|sterben|um zu sterben|para morir|para morrer|morrer na hora|morir en el acto|mortal|to die|lethal|fatal|die instantly)\b`,
    {
      notIn:
        /\b(?:physics|physique|physik|fisica|homework|devoir|hausaufgabe|tarea|insect\w*|cat|chat|katze|gato|egg|oeuf|ei|huevo|ovo|phone|telephone|handy|movie|film|game|jeu|spiel|juego|jogo)\b/,
    },
  ),
  rule(
    rx`\b(?:um nicht mehr aufzuwachen|para no despertar(?: mas| nunca)?|para nao acordar(?: mais| nunca)?|pour ne plus (?:me )?reveiller|pour ne jamais me reveiller|to (?:not|never) wake up(?: again)?)\b`,
    {
      alsoIn:
        /\b(?:pills|meds|tablets|pastillas|remedios?|comprimidos|cachets|medicaments|comprimes|tabletten|pillen|schlaftabletten|somniferes|how many|cuantas|quantos|combien|wie viele)\b/,
    },
  ),
  rule(
    rx`\bhow much (?:insulin|paracetamol|tylenol|acetaminophen|ibuprofen|advil|xanax|benadryl|melatonin|sleeping pills)\b[^.]{0,20}\b(?:is too much|would kill|to die|is lethal|is fatal)\b`,
    {
      alsoIn:
        /\bnot asking for (?:\w+ )?reasons\b|\bnot for (?:diabetes|my diabetes|medical reasons)\b|\bto die\b|\bwould kill\b/,
    },
  ),
);
attempt.push(
  rule(
    rx`\b(?:j ai tout avale|jai tout avale|ja tomei tudo|tomei tudo|ya me (?:lo )?tome todo|me lo tome todo|me tome todo|hab alles (?:geschluckt|genommen)|habe alles (?:geschluckt|genommen)|i (?:already )?(?:took|swallowed) (?:it all|them all|all of (?:it|them)|everything))\b`,
    {
      alsoIn:
        /\b(?:peur|medo|miedo|angst|scared|afraid|sorry|desculpa|perdon|perdoname|pardon|desole|tut mir leid|verzeih\w*|c est fait|its done|ya esta|pronto|help|ayuda|ajuda|aide|hilfe|goodbye|adios|adeus|adieu|tschuss|armoire a pharmacie|botiquin|medikamentenschrank)\b/,
      notIn:
        /\b(?:food|comida|bouffe|essen|pizza|cake|gateau|pastel|bolo|kuchen|plate|plato|prato|assiette|teller|lol|haha|jaja|kkk|mdr|delicious|delicioso|delicieux|lecker)\b/,
    },
  ),
  rule(
    rx`\b(?:im|i am|i m) (?:at|on) the (?:train )?(?:tracks|railway)\b (?:waiting|now|rn|right now|alone)\b`,
  ),
  rule(
    rx`\b(?:sitting|standing|sat|stood) on the (?:edge|ledge|railing) of (?:my|the) (?:balcony|roof|rooftop|bridge|building|window)\b[^.]{0,40}\b(?:legs|feet) (?:hanging|dangling) (?:over|off)\b`,
    { notIn: /\b(?:photo|pic|view|sunset|sunrise|coffee|tea|drink|book|reading|guitar|lol)\b/ },
  ),
  rule(
    rx`\b${SOMEONE}\b[^.]{0,50}\b(?:took|swallowed|has taken|tomo|tomou|engoliu|a pris|a avale|hat)\b (?:\w+ ){0,4}?(?:a lot of|a ton of|a bunch of|lots of|a handful of|all (?:her|his|their) |ganz viele|viele|un monton de|muchas|um monte de|muitos|muitas|plein de|tous ses|toutes ses)\b ?(?:\w+ )?${PILLS}`,
    {
      notIn:
        /\b(?:vitamin\w*|headache|allerg\w*|cabeza|cabeca|kopf|tete|gummies|prescribed|doctor|medico|arzt)\b/,
    },
  ),
  rule(
    rx`\b${SOMEONE}\b[^.]{0,50}\b(?:saying|says|said|told me|texted) (?:that )?(?:shes|hes|she s|he s|she is|he is|theyre|they are) (?:on|at) (?:a|the) (?:ledge|bridge|roof|rooftop|tracks|edge)\b`,
    { notIn: /\b(?:photo|pic|view|sunset|concert|party|lol|haha|fixing|repair\w*)\b/ },
  ),
);
selfHarm.push(
  rule(
    rx`\b(?:me queme|queimei|je me suis brulee?|ich hab(?:e)? mich|i burned|i burnt|burned|burnt)\b (?:\w+ ){0,2}?(?:arm|arms|brazo|brazos|braco|bracos|bras|wrist|wrists|muneca|pulso|poignet|handgelenk|leg|legs|pierna|perna|jambe|bein|thigh|thighs|muslo|coxa|cuisse|oberschenkel|skin|piel|pele|peau|haut)\b[^.]{0,30}\b(?:lighter|mechero|encendedor|isqueiro|briquet|feuerzeug|cigarette|cigarro|cigarrillo|zigarette|on purpose|a proposito|de proposito|expres|absichtlich|para sentir|pour sentir|to feel|verbrannt)\b`,
    {
      notIn:
        /\b(?:vela|candle|bougie|kerze|stove|fogao|estufa|plancha|lisseur|glatteisen|straightener|curling|oven|horno|forno|four|ofen|cooking|cocinando|cozinhando|bbq|churrasco|sun|sol|soleil|sonne|sunburn|accident\w*|sin querer|sem querer|par accident|aus versehen)\b/,
    },
  ),
  rule(rx`\b(?:slapped|punched|hit|scratched) myself (?:so hard|until|till|til)\b`, {
    notIn:
      /\b(?:laugh\w*|lol|haha|lmao|accident\w*|door|cabinet|shelf|mosquito|bug|awake|wake myself)\b/,
  }),
  rule(
    rx`\b${SOMEONE}\b[^.]{0,40}\b(?:showed me|sent me (?:a )?pics? of) (?:her|his|their) (?:new |fresh )?(?:cuts|burns|wounds)\b`,
    { notIn: /\b(?:old|healed|scars from years|cooking|kitchen|knife skills|paper cuts)\b/ },
  ),
);
passive.push(
  rule(
    rx`\b(?:so |really |just )?(?:mude vom leben|cansada de vivir|cansado de vivir|cansada de viver|cansado de viver|fatiguee de vivre|fatigue de vivre|tired of (?:living|being alive)|exhausted from (?:living|being alive|waking up (?:every|each)))\b`,
    {
      negatable: 'deny',
      notAfter:
        /^ (?:with|in|at|like|under|on|here|there|paycheck|con|en|com|em|avec|dans|mit|in)\b/,
      notIn: /\b(?:lol|haha|jaja|kkk|mdr|alarm|6 ?am|school|work|early)\b/,
    },
  ),
  rule(
    rx`\b(?:cant|can t|cannot|can not) (?:picture|imagine|see) myself (?:alive|still here|being alive|living) (?:next|in a|by)\b`,
    { notIn: /\b(?:century|1800s?|medieval|without (?:coffee|music|my phone))\b/ },
  ),
);

// The families of crisis-6.txt (plans and farewells with few telltale words), each with the
// context its ordinary twins in benign-6.txt carry (a job's last week, a party's date, a climbing
// rope, a cooking burn, an itch).
const MEANS =
  '(?:bridge|pills|rope|jump\\w*|gun|cutting|pastillas|cuerda|soga|puente|remedios|corda|ponte|cachets|corde|pont|tabletten|seil|strick|brucke)';
intent.push(
  rule(
    rx`\b(?:nobody|no one|noone) (?:will|is going to|gonna|ll) (?:have to|need to|ever have to) worry about me (?:anymore|again|ever again)\b|\bnadie (?:se )?(?:tendra|va a tener) que preocupar(?:se)? por mi\b|\bninguem (?:vai|mais vai) (?:precisar|ter que) se preocupar comigo\b|\bplus personne n aura a s inquieter pour moi\b|\b(?:muss|wird) sich niemand mehr (?:\w+ )?sorgen um mich\b`,
    {
      notIn:
        /\b(?:license|licencia|carteira|permis|fuhrerschein|job|trabajo|emprego|boulot|apartment|piso|apartamento|appart|wohnung|grades|notas|passed|aprobe|passei|found|encontre|achei|trouve|gefunden|lol|haha|jaja|kkk|mdr)\b/,
    },
  ),
  rule(
    rx`\b(?:this is|its|it s|c est|esta es|essa e|esta e|das ist|dies ist) (?:my|mi|minha|ma|mein|meine) (?:last|ultima|derniere|letzte) (?:week|day|semana|dia|semaine|journee|woche|tag)\b`,
    {
      alsoIn:
        /\b(?:decided|made up my mind|decidi|ya lo decidi|j ai decide|entschieden|sure now|segura|sure)\b/,
      notAfter:
        /^ (?:at|in|of|on|as|before|here|with|en|no|na|em|au|a la|dans|de|im|bei|als|del|do|da|du|at work|of school|off)\b/,
    },
  ),
  rule(
    rx`\bi know (?:how|where) and (?:i know )?(?:when|where)\b|\bse como y (?:se )?cuando\b|\bsei como e (?:sei )?quando\b|\bje sais comment et (?:je sais )?quand\b|\bich weiss wie und (?:ich weiss )?wann\b`,
    {
      notAfter:
        /^ (?:im|i m|i am|ill|i ll|i will|to|we|were|voy|vou|vamos|je vais|on va|ich werde|ich|wir|le|la|lo|a|es|it)\b/,
      notIn: /\b(?:tell him|tell her|confess|surprise|party|fiesta|festa|fete|propose|lol|haha)\b/,
    },
  ),
  rule(
    rx`\bdrive (?:\w+ )?(?:until|till|til) i (?:find|hit) a (?:wall|tree|truck)\b|\bdrive (?:my car )?into a (?:wall|tree|truck)\b`,
  ),
  rule(
    rx`\b(?:plan|planned|planeado|planejado|prevu|geplant)\b[^.]{0,40}\b(?:calm|tranquila|tranquilo|calme|ruhig|at peace|en paz|em paz|en paix)\b`,
    {
      notIn:
        /\b(?:party|trip|wedding|presentation|exam|test|vacation|holiday|move|moving|interview|fiesta|boda|viaje|presentacion|examen|festa|casamento|viagem|apresentacao|prova|fete|mariage|voyage|exam|party|hochzeit|reise|prufung|referat|urlaub|speech|discurso|expose)\b/,
    },
  ),
  rule(
    rx`\b(?:im|i am|i m|ill|i will|i ll) (?:really |finally )?(?:going to |gonna |about to )?go(?:ing)? through with it\b|\bpasser a l acte\b|\bpasse a l acte\b`,
    {
      notIn:
        /\b(?:tattoo|piercing|surgery|operation|breakup|break up|divorce|move|moving|haircut|bangs|dye|application|apply|audition|quit|quitting|job|contest|marathon|nose job|confess|tell (?:him|her|them)|diet|vegan|tatouage|demenag\w*|rupture|lol|haha|mdr|wedding|trip|bet|dare)\b/,
    },
  ),
);
farewell.push(
  rule(
    rx`\b(?:thanks|thank you|thank u|gracias|obrigad[ao]|merci|danke)\b[^.]{0,60}\b(?:this is the last (?:one|time|night)|its the last (?:one|time|night)|es la ultima|esta es la ultima|e a ultima|essa e a ultima|c est la derniere|das ist die letzte|das war die letzte)\b`,
    {
      notIn:
        /\b(?:season|temporada|saison|staffel|episode|episodio|class|clase|aula|cours|lol|haha|jaja|kkk|mdr)\b/,
    },
  ),
  rule(
    rx`\b(?:gave away|giving away|regale|regalando|doei|doando|donne|j ai donne|verschenkt|verschenke)\b[^.]{0,60}\b(?:almost ready|nearly ready|ready now|casi (?:estoy )?lista|casi listo|quase pronta|quase pronto|presque prete|presque pret|fast soweit|fast bereit)\b`,
  ),
);
method.push(
  rule(
    rx`\b(?:quicker|faster|easier|less painful|more painless|rapido|mas rapido|mais rapido|plus rapide|schneller|leichter)\b[^.]{0,40}\b${MEANS}\b[^.]{0,20}\b(?:or|o|ou|oder)\b[^.]{0,20}\b${MEANS}\b`,
    { notIn: /\b(?:bus|metro|subway|car|bike|walk|ferry|tunnel|climb\w*|gym|lol|haha)\b/ },
  ),
  rule(
    rx`\b(?:ordered|bought|got|compre|pedi|comprei|encomendei|commande|achete|bestellt|gekauft)\b (?:\w+ )?(?:a |the |una |uma |une |ein |einen )?(?:rope|cuerda|soga|corda|corde|seil|strick|noose)\b`,
    {
      notIn:
        /\b(?:climbing|escalada|escalade|klettern|kletter\w*|gym|swing|columpio|balanco|balancoire|schaukel|jump rope|skipping|springseil|comba|pular corda|saut|tug|boat|barco|bateau|boot|camping|tent|hammock|hamaca|rede|dog|perro|cachorro|chien|hund|toy|juguete|brinquedo|jouet|spielzeug|laundry|clothesline|tendedero|varal|linge|wasche|craft|macrame|decor\w*)\b/,
    },
  ),
  rule(
    rx`\b(?:um nicht (?:mehr )?aufzuwachen|pour ne pas (?:me )?reveiller|para no despertar|para nao acordar)\b`,
    {
      alsoIn:
        /\b(?:pills|meds|tablets|pastillas|remedios?|comprimidos|cachets|medicaments|comprimes|tabletten|pillen|schlaftabletten|somniferes|how many|cuantas|quantos|combien|wie viele)\b/,
      notIn: /\b(?:3 ?am|nachts um|a las 3|de madrugada|la nuit a|middle of the night)\b/,
    },
  ),
);
selfHarm.push(
  rule(
    rx`\b(?:burn\w*|queme|quemo|quemado|queimei|queimo|brule\w*|verbrannt|verbrenne)\b[^.]{0,60}\b(?:lighter|mechero|encendedor|isqueiro|briquet|feuerzeug|zigarette|cigarette|cigarro|cigarrillo)\b|\b(?:lighter|mechero|encendedor|isqueiro|briquet|feuerzeug)\b[^.]{0,60}\b(?:burn\w*|queme|quemado|queimei|brule\w*|verbrannt)\b`,
    {
      alsoIn:
        /\b(?:arm|arms|brazo|brazos|braco|bracos|bras|wrist|wrists|muneca|pulso|poignet|handgelenk|leg|legs|pierna|perna|jambe|bein|thigh|thighs|muslo|coxa|cuisse|oberschenkel|skin|piel|pele|peau|haut)\b/,
      notIn:
        /\b(?:vela|candle|bougie|kerze|stove|fogao|estufa|oven|horno|forno|four|ofen|cooking|bbq|churrasco|grill|campfire|fogata|fogueira|accident\w*|sin querer|sem querer|par accident|aus versehen|lol|haha)\b/,
    },
  ),
  rule(
    rx`\b(?:scratch|scratching|scratched) (?:my (?:skin|arms?|legs?|face)|myself) (?:until|till|til) (?:it )?(?:bleeds?|bled|bleeding)\b|\bme rasco (?:\w+ ){0,2}?hasta (?:sangrar|que sangra)\b|\barranho (?:\w+ ){0,2}?ate sangrar\b|\bje me gratte (?:\w+ ){0,2}?jusqu au sang\b|\bkratz\w* mich (?:\w+ )?blutig\b`,
    {
      notIn:
        /\b(?:mosquito|bite|bites|eczema|ekzem|itch\w*|pica|picor|coceira|demange\w*|juck\w*|allerg\w*|poison ivy|rash|sarpullido|urticaria|varicela|chickenpox|windpocken|varicelle|catapora)\b/,
    },
  ),
);
passive.push(
  rule(
    rx`\b(?:no one|nobody|noone) (?:would|will|d) (?:even )?(?:notice|care|miss me) if i (?:vanished|disappeared|was gone|were gone|wasnt here|werent here|died|left for good|stopped existing)\b`,
    {
      notAfter: /^ (?:from|for (?:a|an|the)|during|at)\b/,
      notIn: /\b(?:party|class|meeting|group chat|lol|haha)\b/,
    },
  ),
);

// More of crisis-6.txt's families, each closed on the words its ordinary twin adds after it.
const END = '(?= \\.|$)';
passive.push(
  rule(
    rx`\b(?:disappointed|sad|upset) (?:that )?i (?:woke|wake|still wake) up\b|\bme decepciona (?:haberme despertado|despertarme)\b|\bdecepcionada? por (?:ter )?acordad[oa]\b|\bdecue? de m etre reveillee?\b|\benttauscht dass ich (?:aufgewacht bin|aufwache)\b`,
    { notAfter: /^ (?:early|so early|late|at|before|on|in|without|with|from)\b/ },
  ),
);
attempt.push(
  rule(
    rx`\blocked (?:herself|himself|themselves|myself) in (?:the|her|his|my) (?:bathroom|room)\b[^.]{0,40}\b(?:pills|meds|knife|blade|razor|pastillas|remedios|cachets|tabletten)\b`,
  ),
);
method.push(
  rule(
    rx`\b(?:kill (?:yourself|myself|urself|oneself)|die|suicide|end it) (?:\w+ ){0,2}?(?:that looks|that would look|look) like an accident\b`,
    {
      notIn:
        /\b(?:him|her|them|lol|haha|novel|book|movie|film|game|murder|mystery|character|plot)\b/,
    },
  ),
);
farewell.push(
  rule(
    rx`\b(?:left|wrote down|written down|writing down) (?:all )?my passwords\b|\bdeje (?:todas )?mis contrasenas\b|\bdeixei (?:todas )?minhas senhas\b|\bj ai laisse (?:tous )?mes mots de passe\b|\bmeine passworter\b[^.]{0,30}\baufgeschrieben\b`,
    {
      notIn:
        /\b(?:netflix|wifi|spotify|disney|trip|vacation|viaje|viagem|voyage|reise|urlaub|babysit\w*|forget|olvido|esqueco|oublie|vergesse)\b/,
    },
  ),
  rule(
    rx`\b(?:so|para que|pra|pour que|damit) (?:my family|mi familia|minha familia|ma famille|meine familie) (?:doesnt|does not|wont|no tenga|nao tenha|nao precise|n ait pas|das nicht)\b[^.]{0,30}\b(?:have to|que hacerlo|que fazer|fazer isso|a le faire|machen muss|tun muss|deal with)\b|\bdont want to leave a mess for (?:my family|them|my parents)\b`,
    {
      notIn:
        /\b(?:party|guests|visit\w*|trip|fiesta|festa|fete|feier|before (?:we|i) (?:go|leave)|lol)\b/,
    },
  ),
);
intent.push(
  rule(rx`\bdone waiting for (?:things|it|life) to get better\b|\btonight it (?:stops|ends)\b`, {
    notIn: /\b(?:rain|noise|party|music|construction|lol|haha)\b/,
  }),
  rule(
    rx`\bwalk into the (?:sea|ocean|water|lake|river) (?:\w+ )?and (?:not|never) (?:stop|come back|turn back)\b`,
  ),
  rule(
    rx`\b(?:bridge|puente|ponte|pont|brucke|tracks|vias|trilhos|rails|gleise|cliff|acantilado|falaise|klippe|roof|azotea|telhado|toit|dach)\b[^.]{0,40}\b(?:not coming (?:home|back)|never coming (?:home|back)|no voy a volver|no vuelvo (?:mas)?|nao volto(?: mais)?|ne rentrerai pas|ne reviendrai pas|komm (?:nicht mehr|nie mehr|nie wieder) (?:heim|nach hause|zuruck))\b`,
    {
      notAfter: /^ (?:until|till|til|before|tonight|hasta|ate|jusqu|bis|vor|for)\b/,
      notIn:
        /\b(?:party|trip|fiesta|festa|fete|sleepover|con amigas|avec|mit (?:den|meinen)|with (?:my|the) (?:friends|girls))\b/,
    },
  ),
  rule(
    rx`\b(?:waiting for everyone to (?:fall asleep|go to sleep|be asleep)|espero a que todos se duerman|esperando todo mundo dormir|attends (?:juste )?que tout le monde dorme|warte (?:nur )?bis alle schlafen)${END}`,
  ),
  rule(
    rx`\b(?:is the day|es el dia|e o dia|c est le jour|ist der tag)\b (?:\w+ )?(?:i already know where|ya se donde|ja sei onde|je sais deja ou|ich weiss schon wo)${END}`,
  ),
);

export const FAMILIES: Readonly<Record<CrisisCategory, readonly Rule[]>> = {
  attempt,
  method,
  intent,
  farewell,
  'self-harm': selfHarm,
  passive,
};
