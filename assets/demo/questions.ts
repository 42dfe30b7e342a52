// The demo pack's questions: original, written for this project in the style of
// the ENEM (four knowledge areas, five alternatives). `npm run demo-pack` builds
// assets/demo.exampack from this file and the SVGs beside it.

export type Area = 'linguagens' | 'humanas' | 'natureza' | 'matematica';

export interface DemoQuestion {
  area: Area;
  difficulty: 'easy' | 'medium' | 'hard';
  statement: string;
  /** File in assets/demo/images shown with the statement. */
  image?: string;
  alternatives: [string, string, string, string, string];
  /** Index of the correct alternative (0 = A). */
  correct: number;
}

export const AREAS: Record<Area, string> = {
  linguagens: 'Linguagens, Códigos e suas Tecnologias',
  humanas: 'Ciências Humanas e suas Tecnologias',
  natureza: 'Ciências da Natureza e suas Tecnologias',
  matematica: 'Matemática e suas Tecnologias',
};

export const QUESTIONS: DemoQuestion[] = [
  // ---- Linguagens ----------------------------------------------------------
  {
    area: 'linguagens',
    difficulty: 'easy',
    statement:
      'Um cartaz na porta de uma biblioteca comunitária diz: “Leve um livro, deixe um livro. A estante é de todos.” A principal função da linguagem nesse cartaz é',
    alternatives: [
      'emotiva, pois expressa os sentimentos do autor sobre a leitura.',
      'conativa, pois procura orientar o comportamento de quem passa.',
      'metalinguística, pois explica o significado da palavra “estante”.',
      'fática, pois apenas testa o canal de comunicação com o leitor.',
      'poética, pois o objetivo central é o trabalho com a sonoridade.',
    ],
    correct: 1,
  },
  {
    area: 'linguagens',
    difficulty: 'medium',
    statement:
      'Em uma mensagem a um colega, um estudante escreveu: “Vou estudar hoje à noite, embora esteja cansado.” A conjunção “embora” estabelece entre as orações uma relação de',
    alternatives: ['causa.', 'concessão.', 'finalidade.', 'conclusão.', 'proporção.'],
    correct: 1,
  },
  {
    area: 'linguagens',
    difficulty: 'medium',
    statement:
      'Leia o trecho de um anúncio: “Água de reúso: o que sobra da sua pia pode regar o jardim do bairro.” O anúncio busca convencer o leitor principalmente ao',
    alternatives: [
      'apresentar dados estatísticos sobre o consumo de água no país.',
      'associar uma prática doméstica simples a um benefício coletivo.',
      'citar a opinião de especialistas em saneamento básico.',
      'descrever tecnicamente o tratamento de esgoto industrial.',
      'criticar moradores que não cuidam dos jardins públicos.',
    ],
    correct: 1,
  },
  {
    area: 'linguagens',
    difficulty: 'hard',
    statement:
      'Em um poema, lê-se: “a cidade acorda de ferro / e boceja fumaça pelas chaminés”. A figura de linguagem predominante nesses versos é a',
    alternatives: ['hipérbole.', 'ironia.', 'personificação.', 'antítese.', 'eufemismo.'],
    correct: 2,
  },
  {
    area: 'linguagens',
    difficulty: 'easy',
    statement: 'Ao transformar a frase “Os alunos entregaram os trabalhos” para a voz passiva analítica, obtém-se:',
    alternatives: [
      'Os trabalhos foram entregues pelos alunos.',
      'Entregaram-se os trabalhos.',
      'Os alunos tinham entregado os trabalhos.',
      'Os trabalhos, os alunos entregaram.',
      'Os alunos se entregaram aos trabalhos.',
    ],
    correct: 0,
  },
  {
    area: 'linguagens',
    difficulty: 'medium',
    statement:
      'Uma campanha de vacinação usou a frase “Proteja quem você ama: vacine-se”. O uso do imperativo indica que o texto pertence predominantemente ao tipo',
    alternatives: ['narrativo.', 'descritivo.', 'injuntivo.', 'expositivo.', 'dissertativo-argumentativo.'],
    correct: 2,
  },
  {
    area: 'linguagens',
    difficulty: 'hard',
    statement:
      'Em uma crônica, o narrador afirma: “Meu celular é tão esperto que só falta me pedir aumento.” O efeito de humor resulta principalmente da',
    alternatives: [
      'descrição técnica das funções do aparelho.',
      'atribuição ao objeto de um comportamento típico de um trabalhador.',
      'crítica direta às empresas de telefonia.',
      'comparação entre dois aparelhos de marcas diferentes.',
      'narração cronológica de um dia de trabalho.',
    ],
    correct: 1,
  },
  {
    area: 'linguagens',
    difficulty: 'easy',
    statement: 'Read the sign: “Please keep your phone on silent during the show.” The sign was most likely found in',
    alternatives: ['a supermarket.', 'a theater.', 'a swimming pool.', 'a bus stop.', 'a gas station.'],
    correct: 1,
  },
  {
    area: 'linguagens',
    difficulty: 'medium',
    statement:
      'Na frase “Choveu muito; por isso, o jogo foi adiado”, a expressão “por isso” poderia ser substituída, sem alterar o sentido, por',
    alternatives: ['contudo.', 'portanto.', 'ainda que.', 'a fim de que.', 'enquanto.'],
    correct: 1,
  },
  {
    area: 'linguagens',
    difficulty: 'medium',
    statement:
      'Nas aulas de Educação Física, um grupo criou uma coreografia a partir de movimentos do cotidiano, como varrer e carregar sacolas. Essa proposta valoriza a dança como',
    alternatives: [
      'atividade restrita a bailarinos profissionais.',
      'prática que exige, antes de tudo, aparelhos específicos.',
      'linguagem que pode ressignificar gestos da vida diária.',
      'competição cujo único objetivo é a vitória.',
      'exercício voltado exclusivamente ao ganho de força.',
    ],
    correct: 2,
  },
  {
    area: 'linguagens',
    difficulty: 'hard',
    statement: 'Em “Os moradores, cujas casas alagaram, pediram ajuda”, o pronome “cujas” estabelece relação de',
    alternatives: ['tempo.', 'lugar.', 'posse.', 'modo.', 'comparação.'],
    correct: 2,
  },
  // ---- Ciências Humanas -------------------------------------------------------
  {
    area: 'humanas',
    difficulty: 'easy',
    statement:
      'A expansão das cidades brasileiras a partir da década de 1950 esteve fortemente associada ao deslocamento de pessoas do campo para as áreas urbanas. Esse processo é chamado de',
    alternatives: ['êxodo rural.', 'transumância.', 'conurbação.', 'gentrificação.', 'migração pendular.'],
    correct: 0,
  },
  {
    area: 'humanas',
    difficulty: 'medium',
    statement:
      'Um morador de uma cidade-dormitório viaja todos os dias para trabalhar na capital e retorna à noite. Esse deslocamento diário é denominado',
    alternatives: ['migração sazonal.', 'migração pendular.', 'diáspora.', 'êxodo urbano.', 'nomadismo.'],
    correct: 1,
  },
  {
    area: 'humanas',
    difficulty: 'medium',
    statement:
      'O gráfico mostra a participação das fontes na matriz elétrica de um país hipotético. A leitura do gráfico permite afirmar que a maior parte da eletricidade desse país vem de fonte',
    image: 'matriz-eletrica.svg',
    alternatives: [
      'fóssil, com o carvão em primeiro lugar.',
      'nuclear.',
      'hídrica, uma fonte renovável.',
      'solar, que supera as demais somadas.',
      'eólica, com mais de 60% do total.',
    ],
    correct: 2,
  },
  {
    area: 'humanas',
    difficulty: 'hard',
    statement:
      'Durante a Primeira República (1889–1930), o arranjo em que o governo federal apoiava as oligarquias estaduais em troca do apoio delas ao presidente ficou conhecido como',
    alternatives: [
      'política dos governadores.',
      'Estado Novo.',
      'poder moderador.',
      'parlamentarismo às avessas.',
      'milagre econômico.',
    ],
    correct: 0,
  },
  {
    area: 'humanas',
    difficulty: 'easy',
    statement: 'A Constituição brasileira de 1988 ficou conhecida como “Constituição Cidadã” principalmente por',
    alternatives: [
      'ter sido outorgada por um governo militar.',
      'ampliar direitos sociais e individuais após o período autoritário.',
      'restabelecer a monarquia parlamentar.',
      'proibir o voto de analfabetos.',
      'extinguir o Poder Legislativo.',
    ],
    correct: 1,
  },
  {
    area: 'humanas',
    difficulty: 'medium',
    statement:
      'Para o filósofo que defende que o conhecimento se origina da experiência sensível, a mente ao nascer seria comparável a uma “folha em branco”. Essa concepção é característica do',
    alternatives: ['racionalismo.', 'empirismo.', 'idealismo absoluto.', 'ceticismo radical.', 'existencialismo.'],
    correct: 1,
  },
  {
    area: 'humanas',
    difficulty: 'medium',
    statement: 'Em uma escala cartográfica de 1:100.000, uma distância de 3 cm no mapa corresponde, no terreno, a',
    alternatives: ['300 m.', '3 km.', '30 km.', '300 km.', '30 m.'],
    correct: 1,
  },
  {
    area: 'humanas',
    difficulty: 'hard',
    statement: 'A Revolução Industrial, iniciada na Inglaterra no século XVIII, alterou as relações de trabalho porque',
    alternatives: [
      'eliminou o trabalho assalariado nas cidades.',
      'concentrou a produção em fábricas, com ritmo ditado pelas máquinas.',
      'devolveu aos artesãos o controle de todo o processo produtivo.',
      'reduziu a população urbana em favor do campo.',
      'extinguiu as jornadas de trabalho longas.',
    ],
    correct: 1,
  },
  {
    area: 'humanas',
    difficulty: 'easy',
    statement:
      'O bioma brasileiro caracterizado por vegetação adaptada à seca, com plantas que perdem folhas no período sem chuvas, é',
    alternatives: ['a Mata Atlântica.', 'o Pampa.', 'a Caatinga.', 'a Amazônia.', 'o Pantanal.'],
    correct: 2,
  },
  {
    area: 'humanas',
    difficulty: 'medium',
    statement:
      'Para um sociólogo, quando uma pessoa nascida em família de baixa renda alcança, ao longo da vida, uma posição econômica mais alta, ocorre',
    alternatives: [
      'mobilidade social vertical ascendente.',
      'anomia.',
      'estratificação horizontal.',
      'aculturação.',
      'mobilidade pendular.',
    ],
    correct: 0,
  },
  {
    area: 'humanas',
    difficulty: 'hard',
    statement: 'O fuso horário de Brasília é UTC−3. Quando são 15h em Brasília, em um local no fuso UTC+2 são',
    alternatives: ['10h.', '13h.', '17h.', '20h.', '22h.'],
    correct: 3,
  },
  // ---- Ciências da Natureza ---------------------------------------------------
  {
    area: 'natureza',
    difficulty: 'easy',
    statement: 'No processo de fotossíntese, as plantas absorvem gás carbônico e liberam',
    alternatives: ['nitrogênio.', 'oxigênio.', 'metano.', 'hidrogênio.', 'monóxido de carbono.'],
    correct: 1,
  },
  {
    area: 'natureza',
    difficulty: 'medium',
    statement:
      'Um carro percorre 150 km em 2 horas e, em seguida, mais 90 km em 1 hora. A velocidade média no trajeto todo é de',
    alternatives: ['60 km/h.', '75 km/h.', '80 km/h.', '82,5 km/h.', '90 km/h.'],
    correct: 2,
  },
  {
    area: 'natureza',
    difficulty: 'medium',
    statement:
      'No circuito da figura, uma bateria de 12 V alimenta dois resistores de 2 Ω e 4 Ω ligados em série. A corrente elétrica no circuito é de',
    image: 'circuito.svg',
    alternatives: ['0,5 A.', '1 A.', '2 A.', '3 A.', '6 A.'],
    correct: 2,
  },
  {
    area: 'natureza',
    difficulty: 'hard',
    statement:
      'Uma solução aquosa tem pH igual a 3 e outra tem pH igual a 5. A concentração de íons H⁺ da primeira é, em relação à da segunda,',
    alternatives: ['2 vezes maior.', '10 vezes maior.', '100 vezes maior.', '2 vezes menor.', '100 vezes menor.'],
    correct: 2,
  },
  {
    area: 'natureza',
    difficulty: 'easy',
    statement: 'A estrutura celular responsável pela respiração celular e pela produção da maior parte do ATP é',
    alternatives: ['o ribossomo.', 'o complexo golgiense.', 'a mitocôndria.', 'o lisossomo.', 'o núcleo.'],
    correct: 2,
  },
  {
    area: 'natureza',
    difficulty: 'medium',
    statement:
      'Em ervilhas, a cor amarela (A) domina a verde (a). Do cruzamento entre duas plantas heterozigotas (Aa × Aa), a proporção esperada de descendentes verdes é',
    alternatives: ['0%.', '25%.', '50%.', '75%.', '100%.'],
    correct: 1,
  },
  {
    area: 'natureza',
    difficulty: 'hard',
    statement:
      'Um bloco de madeira flutua na água com parte do volume submersa. Se o mesmo bloco for colocado em água salgada, mais densa, a parte submersa',
    alternatives: [
      'aumenta, pois o empuxo diminui.',
      'diminui, pois basta deslocar menos volume para equilibrar o peso.',
      'permanece a mesma, pois o peso não muda.',
      'aumenta, pois o peso do bloco aumenta.',
      'torna-se nula, pois o bloco passa a flutuar fora da água.',
    ],
    correct: 1,
  },
  {
    area: 'natureza',
    difficulty: 'medium',
    statement: 'Em uma cadeia alimentar formada por capim → gafanhoto → sapo → cobra, o sapo ocupa o nível trófico de',
    alternatives: [
      'produtor.',
      'consumidor primário.',
      'consumidor secundário.',
      'consumidor terciário.',
      'decompositor.',
    ],
    correct: 2,
  },
  {
    area: 'natureza',
    difficulty: 'easy',
    statement:
      'A mudança do estado líquido para o estado gasoso que ocorre lentamente, na superfície de um líquido, é chamada de',
    alternatives: ['fusão.', 'solidificação.', 'evaporação.', 'sublimação.', 'condensação.'],
    correct: 2,
  },
  {
    area: 'natureza',
    difficulty: 'hard',
    statement:
      'Um objeto de 2 kg é levantado a 5 m de altura em um local onde g = 10 m/s². A energia potencial gravitacional adquirida pelo objeto é de',
    alternatives: ['10 J.', '20 J.', '50 J.', '100 J.', '200 J.'],
    correct: 3,
  },
  {
    area: 'natureza',
    difficulty: 'medium',
    statement: 'A queima de combustíveis fósseis contribui para o aumento do efeito estufa principalmente por liberar',
    alternatives: ['oxigênio.', 'dióxido de carbono.', 'gás hélio.', 'vapor de mercúrio.', 'ozônio na estratosfera.'],
    correct: 1,
  },
  // ---- Matemática ---------------------------------------------------------------
  {
    area: 'matematica',
    difficulty: 'easy',
    statement: 'Uma camiseta custava R$ 80,00 e teve um desconto de 15%. O novo preço da camiseta é',
    alternatives: ['R$ 65,00.', 'R$ 68,00.', 'R$ 70,00.', 'R$ 72,00.', 'R$ 76,00.'],
    correct: 1,
  },
  {
    area: 'matematica',
    difficulty: 'medium',
    statement: 'O gráfico representa a função f(x) = 2x − 4. O ponto em que o gráfico corta o eixo x tem abscissa',
    image: 'funcao-afim.svg',
    alternatives: ['−4.', '−2.', '0.', '2.', '4.'],
    correct: 3,
  },
  {
    area: 'matematica',
    difficulty: 'medium',
    statement:
      'Em uma urna há 3 bolas vermelhas e 5 azuis, todas iguais ao tato. Retirando-se uma bola ao acaso, a probabilidade de ela ser vermelha é',
    alternatives: ['3/5.', '3/8.', '5/8.', '1/3.', '1/8.'],
    correct: 1,
  },
  {
    area: 'matematica',
    difficulty: 'hard',
    statement: 'O triângulo retângulo da figura tem catetos de 6 cm e 8 cm. A medida da hipotenusa é',
    image: 'triangulo.svg',
    alternatives: ['7 cm.', '9 cm.', '10 cm.', '12 cm.', '14 cm.'],
    correct: 2,
  },
  {
    area: 'matematica',
    difficulty: 'easy',
    statement: 'A média aritmética das notas 6, 7, 8 e 9 é',
    alternatives: ['7.', '7,5.', '8.', '8,5.', '30.'],
    correct: 1,
  },
  {
    area: 'matematica',
    difficulty: 'medium',
    statement: 'Uma progressão aritmética tem primeiro termo 5 e razão 3. O décimo termo dessa progressão é',
    alternatives: ['29.', '30.', '32.', '35.', '38.'],
    correct: 2,
  },
  {
    area: 'matematica',
    difficulty: 'hard',
    statement:
      'Um capital de R$ 1.000,00 é aplicado a juros compostos de 10% ao mês. Ao final de 2 meses, o montante será de',
    alternatives: ['R$ 1.100,00.', 'R$ 1.200,00.', 'R$ 1.210,00.', 'R$ 1.221,00.', 'R$ 1.300,00.'],
    correct: 2,
  },
  {
    area: 'matematica',
    difficulty: 'medium',
    statement: 'Uma caixa-d’água tem a forma de um paralelepípedo de 2 m × 1,5 m × 1 m. Sua capacidade, em litros, é',
    alternatives: ['300 L.', '1.500 L.', '2.000 L.', '3.000 L.', '4.500 L.'],
    correct: 3,
  },
  {
    area: 'matematica',
    difficulty: 'easy',
    statement:
      'Em uma receita, 2 xícaras de farinha rendem 12 biscoitos. Para fazer 30 biscoitos, mantendo a proporção, são necessárias',
    alternatives: ['4 xícaras.', '4,5 xícaras.', '5 xícaras.', '6 xícaras.', '7,5 xícaras.'],
    correct: 2,
  },
  {
    area: 'matematica',
    difficulty: 'hard',
    statement: 'De quantas maneiras diferentes 4 amigos podem se sentar em 4 cadeiras enfileiradas?',
    alternatives: ['4.', '8.', '12.', '16.', '24.'],
    correct: 4,
  },
  {
    area: 'matematica',
    difficulty: 'medium',
    statement:
      'Um terreno retangular tem 20 m de frente e área de 500 m². A medida do fundo do terreno (o outro lado) é de',
    alternatives: ['15 m.', '20 m.', '25 m.', '30 m.', '50 m.'],
    correct: 2,
  },
];
